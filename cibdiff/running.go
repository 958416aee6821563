package cibdiff

import (
	"encoding/xml"
	"fmt"
	"sort"
	"strings"

	"pcl/pcmk"
	"pcl/planner"
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

// Predicted is where res says every primitive runs once its transition
// is complete, and in which role. It is one transition: a cluster may go
// on with more (an instance of a promotable clone is promoted once its
// agent has set a promotion score, which no plan can foresee).
func Predicted(res *planner.Result) []Running {
	changes := map[string]pcmk.Role{}
	blocked := map[string]bool{}
	if res.Transition != nil {
		for _, c := range res.Transition.Changes {
			if c.Blocked {
				blocked[c.Resource] = true
			} else if c.NeedRole {
				changes[c.Resource] = c.NextRole
			}
		}
	}
	var out []Running
	for _, r := range res.Resources {
		if r.Kind != planner.KindPrimitive || r.Orphan {
			continue
		}
		node := res.AssignedNode(r)
		if blocked[r.ID] {
			// The change cannot run (an unrunnable start it depends
			// on, a blocked stop): the resource stays as it is.
			node = ""
			if len(r.RunningOn) > 0 {
				node = res.Nodes[r.RunningOn[0]].Uname
			}
		}
		if node == "" {
			continue
		}
		role := pcmk.RoleStarted
		if r.Promotable {
			role = pcmk.RoleUnpromoted
		}
		if next, ok := changes[r.ID]; ok {
			role = next
		} else if r.Role == pcmk.RolePromoted || r.Role == pcmk.RoleUnpromoted {
			role = r.Role
		}
		out = append(out, Running{Resource: baseID(r.ID), Node: node, Role: role.String()})
	}
	sortRunning(out)
	return out
}

// ParseCrmMon reads the active resources of `crm_mon --output-as=xml`.
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
			for _, n := range r.Nodes {
				out = append(out, Running{Resource: baseID(r.ID), Node: n.Name, Role: pcmk.ParseRole(r.Role).String()})
			}
		}
		for _, list := range [][]collective{c.Nested, c.Clones, c.Bundles, c.Replicas} {
			for _, n := range list {
				walk(n)
			}
		}
	}
	walk(doc.Resources)
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
