package scenario

import (
	"errors"
	"fmt"

	"pcl/ir"
)

// Check reports every problem Apply would meet applying s to cib (a
// malformed injection, an unknown node or resource), with Apply's words,
// without copying anything. A batch checks all its scenarios against the
// cluster as given before it plans any, then applies each once, to the
// cluster it starts from.
func Check(cib *ir.CIB, s Scenario) error {
	if cib == nil || cib.Config == nil {
		return errors.New("the CIB has no configuration")
	}
	a := &applier{cib: cib}
	// Nodes an earlier injection brings up: Apply adds them to the
	// configuration, so later injections may name them.
	added := map[string]bool{}
	var errs []error
	for _, in := range ordered(s.Injections) {
		if err := check(in); err != nil {
			errs = append(errs, fmt.Errorf("%s: %v", Describe(in), err))
			continue
		}
		if err := a.resolve(in, added); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// resolve finds what injection in names, as apply would.
func (a *applier) resolve(in ir.Injection, added map[string]bool) error {
	known := func(uname string) bool {
		if added[uname] {
			return true
		}
		if st := a.cib.Status; st != nil {
			for _, ns := range st.Nodes {
				if ns.Uname == uname {
					return true
				}
			}
		}
		_, ok := a.nodeUUID(uname)
		return ok
	}
	switch in.Kind {
	case ir.InjectNodeUp:
		added[in.Node] = true
	case ir.InjectTicketGrant, ir.InjectTicketRevoke, ir.InjectTicketStandby, ir.InjectTicketActivate:
	case ir.InjectOp:
		if _, err := a.primitiveAgent(in.Resource); err != nil {
			return fmt.Errorf("%s: %v", in.OpSpec(), err)
		}
		if !known(in.Node) {
			return fmt.Errorf("%s: %v", in.OpSpec(), a.unknownNode(in.Node))
		}
	case ir.InjectClusterMaintenance:
	case ir.InjectMove, ir.InjectBan, ir.InjectClear, ir.InjectDisable, ir.InjectEnable, ir.InjectUnmanage,
		ir.InjectManage, ir.InjectCleanup:
		if _, err := a.primitivesOf(in.Resource); err != nil {
			return fmt.Errorf("%s: %v", Describe(in), err)
		}
		if in.Node != "" && !known(in.Node) {
			return fmt.Errorf("%s: %v", Describe(in), a.unknownNode(in.Node))
		}
	case ir.InjectNodeStandby, ir.InjectNodeMaintenance:
		// Standby is set in the configuration, or in the transient
		// attributes of a remote or guest node: the status alone is not
		// enough.
		if _, ok := a.nodeUUID(in.Node); !ok && !added[in.Node] {
			return a.unknownNode(in.Node)
		}
	default:
		if !known(in.Node) {
			return a.unknownNode(in.Node)
		}
	}
	return nil
}
