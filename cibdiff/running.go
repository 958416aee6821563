package cibdiff

import (
	"encoding/xml"
	"fmt"
	"sort"
	"strings"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner"
	"pcl/planner/scenario"
)

// Running is one resource instance active on one node in one role.
type Running struct {
	// Resource is the primitive's id without a clone instance number:
	// crm_mon names anonymous clone instances by the primitive's id.
	Resource string `json:"resource"`
	Node     string `json:"node"`
	Role     string `json:"role"`
}

func (r Running) String() string { return fmt.Sprintf("%s %s on %s", r.Resource, r.Role, r.Node) }

// Predicted is where every primitive runs, and in which role, once the
// transition of res (planned from cib, with Options.Digests) has run as
// Pacemaker's transition engine runs it, every action succeeding: the
// actions it runs recorded into the status (scenario.Settle) and read
// back, so that a change that cannot run, or waits on an ordering cycle,
// leaves its resource as it was. It is one transition: a cluster may go on with more (an instance
// of a promotable clone is promoted once its agent has set a promotion
// score, which no plan can foresee).
func Predicted(cib *ir.CIB, res *planner.Result) ([]Running, error) {
	t := res.Transition
	settled, err := scenario.Settle(cib, t, t.Execute(), res.Target, res.Now, res.OpDigest)
	if err != nil {
		return nil, err
	}
	after, _ := planner.Schedule(settled, planner.Options{Target: res.Target, Now: res.Now, StatusOnly: true})
	return RunningIn(after), nil
}

// RunningIn lists where every primitive of res is active now, and in
// which role: the cluster its status describes, as crm_mon reads it (see
// active).
func RunningIn(res *planner.Result) []Running {
	var out []Running
	for _, r := range res.Resources {
		if !r.IsPrimitive() || !active(res, r) {
			continue
		}
		for _, n := range r.RunningOn {
			out = append(out, Running{Resource: baseID(r.ID), Node: res.Nodes[n].Uname, Role: r.Role.String()})
		}
	}
	sortRunning(out)
	return out
}

// active is whether crm_mon counts primitive r as active (its XML's
// active attribute; the same in 2.1.5 and 3.0): it is on a node that is
// unclean, or online, or, when unmanaged, on any node. A managed resource
// whose history is left only on clean offline nodes is not: a guest node
// fenced through its container keeps its resources' history (the fencing
// and the stops it implies are pseudo-actions, which crm_simulate does
// not record), and crm_mon shows them FAILED there but inactive. Once
// active, it is listed on all of its nodes, offline ones included, as
// crm_mon lists them.
func active(res *planner.Result, r *planner.Resource) bool {
	for _, i := range r.RunningOn {
		n := res.Nodes[i]
		if n.Unclean || n.Online || !r.Managed {
			return true
		}
	}
	return false
}

// ParseCrmMon reads the active resources of `crm_mon --output-as=xml`,
// or of the cluster status `crm_simulate -x CIB --output-as=xml` prints.
// A start or stop recorded as pending (shown Starting, Stopping) is
// active, Started.
func ParseCrmMon(src []byte) ([]Running, error) {
	type node struct {
		Name string `xml:"name,attr"`
	}
	type resource struct {
		ID     string `xml:"id,attr"`
		Role   string `xml:"role,attr"`
		Active string `xml:"active,attr"`
		Nodes  []node `xml:"node"`
	}
	type collective struct {
		Resources []resource   `xml:"resource"`
		Nested    []collective `xml:"group"`
		Clones    []collective `xml:"clone"`
		Bundles   []collective `xml:"bundle"`
		Replicas  []collective `xml:"replica"`
	}
	var doc struct {
		XMLName   xml.Name   `xml:"pacemaker-result"`
		Resources collective `xml:"resources"`
		Simulated collective `xml:"cluster_status>resources"`
	}
	if err := xml.Unmarshal(src, &doc); err != nil {
		return nil, fmt.Errorf("reading crm_mon's XML: %w", err)
	}
	var out []Running
	var walk func(c collective)
	walk = func(c collective) {
		for _, r := range c.Resources {
			if r.Active != "true" {
				continue
			}
			role := r.Role
			if role == "Starting" || role == "Stopping" {
				role = pcmk.RoleStarted.String()
			}
			for _, n := range r.Nodes {
				out = append(out, Running{Resource: baseID(r.ID), Node: n.Name, Role: pcmk.ParseRole(role).String()})
			}
		}
		for _, list := range [][]collective{c.Nested, c.Clones, c.Bundles, c.Replicas} {
			for _, n := range list {
				walk(n)
			}
		}
	}
	walk(doc.Resources)
	walk(doc.Simulated)
	sortRunning(out)
	return out, nil
}

// Mismatches lists what runs differently from the prediction: each entry
// predicted but not running ("-") and running but not predicted ("+").
func Mismatches(predicted, running []Running) []string {
	count := map[Running]int{}
	for _, r := range predicted {
		count[r]++
	}
	for _, r := range running {
		count[r]--
	}
	var out []string
	for r, n := range count {
		for ; n > 0; n-- {
			out = append(out, "- predicted, not running: "+r.String())
		}
		for ; n < 0; n++ {
			out = append(out, "+ running, not predicted: "+r.String())
		}
	}
	sort.Strings(out)
	return out
}

// baseID drops a clone instance number ("db:1" -> "db").
func baseID(id string) string {
	base, _, _ := strings.Cut(id, ":")
	return base
}

func sortRunning(list []Running) {
	sort.Slice(list, func(i, j int) bool {
		a, b := list[i], list[j]
		if a.Resource != b.Resource {
			return a.Resource < b.Resource
		}
		if a.Node != b.Node {
			return a.Node < b.Node
		}
		return a.Role < b.Role
	})
}
