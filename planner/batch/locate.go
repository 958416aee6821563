package batch

import (
	"sync"

	"pcl/ir"
	"pcl/planner"
	"pcl/planner/scenario"
)

// Locate is where each resource of a planned cluster is active, as
// crm_resource counts it for a move or ban that names no node: the nodes
// its primitives are active on, once per node for a primitive or group,
// once per active instance for a clone or bundle.
func Locate(res *planner.Result) scenario.Locator {
	return func(id string) ([]string, bool) {
		r := res.Resource(id)
		if r == nil {
			return nil, false
		}
		perInstance := r.IsClone() || r.IsBundle()
		var out []string
		seen := map[int]bool{}
		var walk func(r *planner.Resource)
		walk = func(r *planner.Resource) {
			if len(r.Children) == 0 {
				for _, n := range r.RunningOn {
					if n < 0 || n >= len(res.Nodes) || (!perInstance && seen[n]) {
						continue
					}
					seen[n] = true
					out = append(out, res.Nodes[n].Uname)
				}
			}
			for _, c := range r.Children {
				walk(c)
			}
		}
		walk(r)
		return out, true
	}
}

// lazyLocator plans cib's status once, the first time a scenario asks
// where a resource runs.
func lazyLocator(cib *ir.CIB, po planner.Options) scenario.Locator {
	var once sync.Once
	var loc scenario.Locator
	return func(id string) ([]string, bool) {
		once.Do(func() {
			res, _ := planner.Schedule(cib, planner.Options{Target: po.Target, Now: po.Now, StatusOnly: true})
			loc = Locate(res)
		})
		return loc(id)
	}
}
