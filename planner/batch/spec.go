package batch

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"pcl/ir"
	"pcl/planner/scenario"
)

// Spec is a batch as a user asks for it: which scenarios, from which
// cluster, planned how. cmd/pcl fills it from flags; Prepare builds and
// checks it once.
type Spec struct {
	// Options plan every scenario.
	Options
	// Attrs set or delete transient node attributes in the cluster the
	// baseline and every scenario start from (crm_attribute -l reboot).
	Attrs []ir.Injection
	// EachNodeDown, EachNodePairDown and EachTicketRevoke add the
	// generated failover scenarios after those the policy declares;
	// EachNodeDown adds EachRemoteLost's with EachNodeDown's.
	EachNodeDown, EachNodePairDown, EachTicketRevoke bool
	// Extra are scenarios made elsewhere (the command line's injection
	// flags), planned last.
	Extra []scenario.Scenario
}

// Batch is a prepared batch: the cluster it starts from and its
// scenarios, every one checked.
type Batch struct {
	// Base is the cluster as the batch sees it: every node up when the
	// input records no node state (AllNodesUp), then Spec.Attrs.
	Base *ir.CIB
	// Scenarios are the policy's declared scenarios, then the generated
	// ones, then Spec.Extra.
	Scenarios []scenario.Scenario
	opts      Options
}

// Prepare builds the batch spec asks for on cib and checks all of it
// before anything is planned, so that a typo costs no planning time and
// every mistake is reported at once: a declared scenario's at its
// declaration, and scenarios that name an unknown node or resource, share
// a name, or are missing altogether.
func Prepare(cib *ir.CIB, spec Spec) (*Batch, hcl.Diagnostics) {
	base, err := AllNodesUp(cib)
	if err == nil && len(spec.Attrs) > 0 {
		base, err = scenario.Apply(base, scenario.Scenario{Injections: spec.Attrs})
	}
	if err != nil {
		return nil, hcl.Diagnostics{invalid("Invalid what-if", strings.TrimSuffix(err.Error(), ".")+".")}
	}
	var list []scenario.Scenario
	var diags hcl.Diagnostics
	for _, d := range base.Scenarios {
		s, ds := scenario.FromIR(d)
		diags = append(diags, ds...)
		if !ds.HasErrors() {
			list = append(list, s)
		}
	}
	if spec.EachNodeDown {
		// Remote and guest nodes are lost too, their own way.
		list = append(list, EachNodeDown(base)...)
		list = append(list, EachRemoteLost(base)...)
	}
	if spec.EachNodePairDown {
		list = append(list, EachNodePairDown(base)...)
	}
	if spec.EachTicketRevoke {
		list = append(list, EachTicketRevoke(base)...)
	}
	list = append(list, spec.Extra...)
	if diags.HasErrors() {
		return nil, diags
	}
	if len(list) == 0 {
		return nil, append(diags, invalid("No scenarios",
			"--batch found no scenario: declare scenario blocks in the policy, or add --each-node-down, --each-node-pair-down, --each-ticket-revoke or injection flags such as --node-down NODE."))
	}
	prev := chainOf(list)
	for i := range list {
		if err := chainErr(list, prev, i); err != nil {
			diags = append(diags, invalid("Invalid scenario chain", sentenceOf(err)))
		}
	}
	names := map[string]int{}
	for i, s := range list {
		if err := scenario.Check(base, s); err != nil {
			diags = append(diags, invalid("Invalid scenario", fmt.Sprintf("Scenario %q cannot be applied: %v.", s.Name, err)))
		}
		if j, dup := names[s.Name]; dup {
			diags = append(diags, invalid("Duplicate scenario",
				fmt.Sprintf("Scenario %d is named %q like scenario %d; give scenarios distinct names.", i+1, s.Name, j)))
			continue
		}
		names[s.Name] = i + 1
	}
	if diags.HasErrors() {
		return nil, diags
	}
	return &Batch{Base: base, Scenarios: list, opts: spec.Options}, diags
}

// Run plans the prepared batch (see Run).
func (b *Batch) Run() *Result { return Run(b.Base, b.Scenarios, b.opts) }

// invalid is the error diagnostic of a batch that cannot be planned. It
// has no source range: it comes from the command line, or from several
// places at once.
func invalid(summary, detail string) *hcl.Diagnostic {
	return &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary, Detail: detail}
}

// sentenceOf is an error as a sentence of a diagnostic's detail.
func sentenceOf(err error) string {
	msg := err.Error()
	return strings.ToUpper(msg[:1]) + msg[1:] + "."
}
