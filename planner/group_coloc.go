package planner

import (
	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
)

// groupInternalColocation names the colocation of each member of a
// collocated group with the one before it: the group's only colocations
// that no one configured (Pacemaker's pcmk__coloc_explicit unset).
const groupInternalColocation = "group:internal_colocation"

func explicitColocation(c *colocation) bool { return c.ID != groupInternalColocation }

// memberColocations gives each member of a group the colocations
// Pacemaker's this_with_colocations and with_this_colocations methods
// list for it since 2.1.6 (for a cloned group's instance, since 2.1.7),
// so that assigning the member applies them:
//   - the first member: its own, the group's, and (since 2.1.7, in a
//     collocated group) every other member's explicit ones it is the
//     dependent of (pcmk__group_with_colocations);
//   - a later member: its own, and the mandatory ones of groupThisWith
//     (the group's own, none for a cloned group's instance) when an
//     earlier member is unmanaged;
//   - the last member, as primary: its own, the group's, and (since
//     2.1.7) every other member's explicit ones (pcmk__with_group_colocations).
//
// The group's are added as pcmk__add_this_with_list and
// pcmk__add_with_this_list add a list to a list that is not empty: the
// list's first colocation once for each of its colocations.
func (p *plan) memberColocations(r *model.Resource, groupThisWith []*colocation) {
	members := r.Children
	ownThis := make([][]*colocation, len(members))
	ownWith := make([][]*colocation, len(members))
	for k, m := range members {
		ownThis[k] = m.ThisWith
		ownWith[k] = m.WithThis
	}
	explicitOthers := p.target.Since(pcmk.V2_1_7) && p.groupColocated(r)
	last := len(members) - 1
	for k, m := range members {
		this := append([]*colocation(nil), ownThis[k]...)
		if k == 0 {
			this = addColocationList(this, r.ThisWith, cmpPrimaryPriority)
			if explicitOthers {
				for j := range members {
					if j == k {
						continue
					}
					for _, c := range ownThis[j] {
						if explicitColocation(c) {
							this = insertSorted(this, c, cmpPrimaryPriority)
						}
					}
				}
			}
		} else {
			for _, e := range members[:k] {
				if e.Managed {
					continue
				}
				for _, c := range groupThisWith {
					if c.Score == ir.Infinity {
						this = insertSorted(this, c, cmpPrimaryPriority)
					}
				}
				break
			}
		}
		with := append([]*colocation(nil), ownWith[k]...)
		if k == last {
			with = addColocationList(with, r.WithThis, cmpDependentPriority)
			if explicitOthers {
				for j := range members {
					if j == k {
						continue
					}
					for _, c := range ownWith[j] {
						if explicitColocation(c) {
							with = insertSorted(with, c, cmpDependentPriority)
						}
					}
				}
			}
		}
		m.ThisWith, m.WithThis = this, with
	}
	r.ThisWith, r.WithThis = nil, nil
}
