package scenario

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/hashicorp/hcl/v2"

	"pcl/ir"
	"pcl/pcmk"
)

// Scenario is a named list of injections and an optional effective time.
type Scenario struct {
	Name       string
	Injections []ir.Injection
	// Now is the effective time (crm_simulate -t); zero keeps the CIB's
	// execution-date, or the clock when it has none.
	Now time.Time
	// After names the scenario of the same batch whose settled cluster
	// this one is applied to ("" for the cluster the batch starts from):
	// a chain of what-ifs, planned one after the other.
	After string
	// Target is the release whose crm_resource writes the operator
	// actions where releases differ (a --promoted constraint in a CIB
	// whose schema predates pacemaker-3.7); zero is the default release.
	Target pcmk.Target
}

// Describe says in a few words what an injection does.
func Describe(in ir.Injection) string {
	switch in.Kind {
	case ir.InjectNodeUp:
		return in.Node + " up"
	case ir.InjectNodeDown:
		return in.Node + " down"
	case ir.InjectNodeFail:
		return in.Node + " fails"
	case ir.InjectNodeStandby:
		return in.Node + " standby"
	case ir.InjectAttrSet:
		return in.Node + " " + in.Attr + "=" + in.Value
	case ir.InjectAttrDelete:
		return in.Node + " " + in.Attr + " deleted"
	case ir.InjectTicketGrant:
		return "ticket " + in.Ticket + " granted"
	case ir.InjectTicketRevoke:
		return "ticket " + in.Ticket + " revoked"
	case ir.InjectTicketStandby:
		return "ticket " + in.Ticket + " standby"
	case ir.InjectTicketActivate:
		return "ticket " + in.Ticket + " activated"
	case ir.InjectOp:
		return in.OpSpec().String()
	case ir.InjectMove:
		if in.Node == "" {
			return "move " + in.Resource + " away" + cliOptions(in)
		}
		return "move " + in.Resource + " to " + in.Node + cliOptions(in)
	case ir.InjectBan:
		if in.Node == "" {
			return "ban " + in.Resource + " from where it runs" + cliOptions(in)
		}
		return "ban " + in.Resource + " from " + in.Node + cliOptions(in)
	case ir.InjectClear, ir.InjectCleanup:
		verb := "clear"
		if in.Kind == ir.InjectCleanup {
			verb = "clean up"
		}
		if in.Node == "" {
			return verb + " " + in.Resource
		}
		return verb + " " + in.Resource + " on " + in.Node
	case ir.InjectDisable:
		return "disable " + in.Resource
	case ir.InjectEnable:
		return "enable " + in.Resource
	case ir.InjectUnmanage:
		return "unmanage " + in.Resource
	case ir.InjectManage:
		return "manage " + in.Resource
	case ir.InjectNodeMaintenance:
		return in.Node + " maintenance"
	case ir.InjectClusterMaintenance:
		return "cluster maintenance"
	}
	return "?"
}

// cliOptions describes a move's or ban's --promoted and --lifetime.
func cliOptions(in ir.Injection) string {
	out := ""
	if in.Promoted {
		out += " (promoted)"
	}
	if in.Lifetime != "" {
		out += " for " + in.Lifetime
	}
	return out
}

// String describes the scenario: its injections in application order,
// then the time.
func (s Scenario) String() string {
	var parts []string
	for _, in := range ordered(s.Injections) {
		parts = append(parts, Describe(in))
	}
	if !s.Now.IsZero() {
		parts = append(parts, "at "+s.Now.UTC().Format(time.RFC3339))
	}
	if len(parts) == 0 {
		return "no change"
	}
	return strings.Join(parts, ", ")
}

// ordered returns the injections in the order crm_simulate applies them:
// by kind, and in the order given within a kind.
func ordered(list []ir.Injection) []ir.Injection {
	out := append([]ir.Injection(nil), list...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Kind < out[j].Kind })
	return out
}

// FromIR turns a declared scenario into a Scenario, reading its time.
// Diagnostics point at the declaration.
func FromIR(d *ir.Scenario) (Scenario, hcl.Diagnostics) {
	s := Scenario{Name: d.Name, After: d.After}
	var diags hcl.Diagnostics
	for _, in := range d.Injections {
		if in == nil {
			continue
		}
		if err := check(*in); err != nil {
			rng := in.DeclRange
			if rng.Filename == "" {
				rng = d.DeclRange
			}
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Invalid scenario injection",
				Detail: fmt.Sprintf("In scenario %q: %s.", d.Name, err), Subject: rng.Ptr()})
			continue
		}
		s.Injections = append(s.Injections, *in)
	}
	if d.Now != "" {
		t, err := pcmk.ParseEffectiveTime(d.Now, nil)
		if err != nil {
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Invalid scenario time",
				Detail: fmt.Sprintf("In scenario %q: %s.", d.Name, err), Subject: d.DeclRange.Ptr()})
		}
		s.Now = t
	}
	return s, diags
}

// check validates the fields an injection of its kind needs.
func check(in ir.Injection) error {
	switch in.Kind {
	case ir.InjectNodeUp, ir.InjectNodeDown, ir.InjectNodeFail, ir.InjectNodeStandby:
		return checkName("node", in.Node)
	case ir.InjectAttrSet, ir.InjectAttrDelete:
		if err := checkName("node", in.Node); err != nil {
			return err
		}
		return checkName("attribute", in.Attr)
	case ir.InjectTicketGrant, ir.InjectTicketRevoke, ir.InjectTicketStandby, ir.InjectTicketActivate:
		return checkName("ticket", in.Ticket)
	case ir.InjectOp:
		if err := checkName("node", in.Node); err != nil {
			return err
		}
		if err := checkName("resource", in.Resource); err != nil {
			return err
		}
		if err := checkName("operation", in.Operation); err != nil {
			return err
		}
		if in.IntervalMs < 0 {
			return fmt.Errorf("the interval %d is negative", in.IntervalMs)
		}
		if in.Count < 0 {
			return fmt.Errorf("the count %d is negative", in.Count)
		}
		return nil
	case ir.InjectNodeMaintenance:
		return checkName("node", in.Node)
	case ir.InjectClusterMaintenance:
		return nil
	}
	if in.Kind.NamesResource() {
		if err := checkName("resource", in.Resource); err != nil {
			return err
		}
		if in.Node != "" {
			return checkName("node", in.Node)
		}
		return nil
	}
	return fmt.Errorf("unknown injection kind %d", in.Kind)
}

func checkName(what, s string) error {
	if s == "" {
		return fmt.Errorf("the %s name is empty", what)
	}
	if strings.ContainsAny(s, " \t\r\n") {
		return fmt.Errorf("the %s name %q contains white space", what, s)
	}
	return nil
}
