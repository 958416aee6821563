package cibdiff

import (
	"strconv"

	"pcl/ir"
)

// Version is a CIB's version triple as Pacemaker orders them:
// admin_epoch, epoch, num_updates.
type Version struct{ AdminEpoch, Epoch, NumUpdates int }

func (v Version) String() string {
	return strconv.Itoa(v.AdminEpoch) + "." + strconv.Itoa(v.Epoch) + "." + strconv.Itoa(v.NumUpdates)
}

// VersionOf reads cib's version attributes (0 where absent).
func VersionOf(cib *ir.CIB) Version {
	get := func(name string) int {
		for _, a := range cib.Attrs {
			if a.Name == name {
				n, _ := strconv.Atoi(a.Value)
				return n
			}
		}
		return 0
	}
	return Version{get("admin_epoch"), get("epoch"), get("num_updates")}
}

// Update is live with its configuration replaced by policy's (as ForLive
// gives it) and a version newer than live's (the same admin_epoch, epoch + 1,
// num_updates 0). The <cib> attributes and the status stay live's: an
// update computed from the two (crm_diff) touches the configuration and
// the version only.
func Update(live, policy *ir.CIB) *ir.CIB {
	v := VersionOf(live)
	attrs := make([]ir.Attr, 0, len(live.Attrs)+3)
	set := map[string]string{
		"admin_epoch": strconv.Itoa(v.AdminEpoch),
		"epoch":       strconv.Itoa(v.Epoch + 1),
		"num_updates": "0",
	}
	for _, a := range live.Attrs {
		if val, ok := set[a.Name]; ok {
			a.Value = val
			delete(set, a.Name)
		}
		attrs = append(attrs, a)
	}
	for _, name := range []string{"admin_epoch", "epoch", "num_updates"} {
		if val, ok := set[name]; ok {
			attrs = append(attrs, ir.Attr{Name: name, Value: val})
		}
	}
	return &ir.CIB{Attrs: attrs, Config: policy.Config, Status: live.Status}
}
