package scenario

import (
	"slices"

	"pcl/ir"
)

// setNodeAttr sets a transient node attribute as `crm_attribute -l
// reboot` does through pacemaker-attrd: in the node state's
// <transient_attributes> (id the node's), whose first instance attribute
// set (status-UUID when new) gets or updates the pair (status-UUID-NAME
// when new). A pair of that name in another set is updated too, as attrd
// keeps one value per name.
func setNodeAttr(ns *ir.NodeState, name, value string) {
	if !transientPresent(ns) {
		addSection(ns, "transient_attributes")
		ns.TransientID = ns.ID
	}
	found := false
	var first *ir.NVSet
	for _, s := range ns.Transient {
		if s.Kind != ir.InstanceAttributes {
			continue
		}
		if first == nil {
			first = s
		}
		for _, p := range s.Pairs {
			if p.Name == name {
				p.Value = strPtr(value)
				found = true
			}
		}
	}
	if found {
		return
	}
	if first == nil {
		first = &ir.NVSet{Kind: ir.InstanceAttributes, ID: sanitizeID("status-" + ns.ID)}
		ns.Transient = append(ns.Transient, first)
	}
	first.Pairs = append(first.Pairs, &ir.NVPair{ID: sanitizeID(first.ID + "-" + name), Name: name, Value: strPtr(value)})
}

// deleteNodeAttr deletes a transient node attribute as `crm_attribute -l
// reboot -D` does: every pair of that name goes; a missing one is no
// error.
func deleteNodeAttr(ns *ir.NodeState, name string) {
	for _, s := range ns.Transient {
		if s.Kind == ir.InstanceAttributes {
			s.Pairs = slices.DeleteFunc(s.Pairs, func(p *ir.NVPair) bool { return p.Name == name })
		}
	}
}
