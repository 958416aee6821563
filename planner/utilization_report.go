package planner

import (
	"sort"
	"strconv"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
)

// The utilization report is what crm_simulate --show-utilization (-U)
// prints: each node's capacities before assignment ("Original"), each
// resource's utilization as it is assigned, and each node's capacities
// after ("Remaining"). Pacemaker prints a node's or a resource's values in
// its GLib hash table's order and as text: a value no resource consumed is
// printed as configured ("16G"), one consumed is the integer left.

// UtilizationValue is one name=value of a capacity or a need, as printed.
type UtilizationValue struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// NodeCapacity is a node's capacities at one moment, in Pacemaker's order.
type NodeCapacity struct {
	Node   string             `json:"node"`
	Values []UtilizationValue `json:"values"`
}

// UtilizationAssignment is one assignment of a primitive (a clone's
// instance, a group's member) to a node, with its utilization.
type UtilizationAssignment struct {
	Resource string             `json:"resource"`
	Node     string             `json:"node"`
	Values   []UtilizationValue `json:"values"`
	// AfterScores is how many allocation score lines (Result.Scores)
	// crm_simulate -sU prints before this line.
	AfterScores int `json:"-"`
}

// UtilizationReport is the whole report of one run.
type UtilizationReport struct {
	// Func is the scheduler function crm_simulate names on each
	// assignment line: pcmk__finalize_assignment up to 2.1.6,
	// pcmk__assign_resource since 2.1.7.
	Func        string                  `json:"-"`
	Original    []NodeCapacity          `json:"original"`
	Assignments []UtilizationAssignment `json:"assignments"`
	Remaining   []NodeCapacity          `json:"remaining"`
}

// utilizationTables follows each node's utilization table as Pacemaker
// keeps it while assigning: nil (the methods do nothing) unless
// Options.Utilization asks for the report.
type utilizationTables struct {
	report UtilizationReport
	// keys are each node's names in the order they entered its table,
	// text their values as Pacemaker holds them.
	keys [][]string
	text []map[string]string
	// needs are each primitive's utilization, in its table's order.
	needs map[*model.Resource][]UtilizationValue
}

func newUtilizationTables(t pcmk.Target) *utilizationTables {
	fn := "pcmk__finalize_assignment"
	if t.Since(pcmk.V2_1_7) {
		fn = "pcmk__assign_resource"
	}
	return &utilizationTables{report: UtilizationReport{Func: fn}, needs: map[*model.Resource][]UtilizationValue{}}
}

// noteUtilization keeps r's utilization as configured, names in the order
// they entered its table.
func (p *plan) noteUtilization(r *model.Resource, order []string, text map[string]string) {
	u := p.utilization
	if u == nil {
		return
	}
	values := make([]UtilizationValue, 0, len(order))
	for _, i := range ghashOrder(order) {
		values = append(values, UtilizationValue{order[i], text[order[i]]})
	}
	u.needs[r] = values
}

// snapshot records every node's capacities under desc ("Original" or
// "Remaining"); the first call reads the tables from the configuration
// and the status.
func (u *utilizationTables) snapshot(p *plan, desc string) {
	if u == nil {
		return
	}
	if u.keys == nil {
		u.readNodes(p)
	}
	out := make([]NodeCapacity, len(p.Nodes))
	for i, n := range p.Nodes {
		out[i] = NodeCapacity{Node: n.Uname, Values: u.nodeValues(i)}
	}
	if desc == "Original" {
		u.report.Original = out
	} else {
		u.report.Remaining = out
	}
}

// readNodes fills each node's table as unpacking did: the configured
// utilization, then (since 2.1.6) the names only the status's transient
// utilization gives.
func (u *utilizationTables) readNodes(p *plan) {
	u.keys = make([][]string, len(p.Nodes))
	u.text = make([]map[string]string, len(p.Nodes))
	byID := map[string]*ir.Node{}
	for _, n := range p.CIB.Config.Nodes {
		if _, dup := byID[n.ID]; !dup {
			byID[n.ID] = n
		}
	}
	for i, n := range p.Nodes {
		text := map[string]string{}
		var order []string
		if cfg := byID[n.ID]; cfg != nil {
			p.unpackSetsOrdered(cfg.Sets, ir.Utilization, &RuleEnv{Now: p.Now}, text, false, "", &order)
		}
		u.keys[i], u.text[i] = order, text
	}
	if p.status() != nil && p.target.Since(pcmk.V2_1_6) {
		for _, ns := range p.status().Nodes {
			i := p.findNodeAny(ns.ID, ns.Uname)
			if i < 0 {
				continue
			}
			text := map[string]string{}
			var order []string
			p.unpackSetsOrdered(ns.Transient, ir.Utilization, &RuleEnv{Now: p.Now}, text, false, "", &order)
			for _, k := range order {
				if _, have := u.text[i][k]; !have {
					u.keys[i] = append(u.keys[i], k)
					u.text[i][k] = text[k]
				}
			}
		}
	}
	// What was read must be what the planner uses; where it is not, the
	// planner's own values (as integers) are the best answer.
	for i, n := range p.Nodes {
		if len(u.keys[i]) == len(n.Capacity) {
			continue
		}
		u.keys[i] = sortedNames(n.Capacity)
		u.text[i] = map[string]string{}
		for k, v := range n.Capacity {
			u.text[i][k] = strconv.Itoa(v)
		}
	}
}

// nodeValues lists node i's table in Pacemaker's order.
func (u *utilizationTables) nodeValues(i int) []UtilizationValue {
	keys := u.keys[i]
	values := make([]UtilizationValue, 0, len(keys))
	for _, j := range ghashOrder(keys) {
		values = append(values, UtilizationValue{keys[j], u.text[i][keys[j]]})
	}
	return values
}

// assigned records r's assignment to node i and takes its utilization
// from the node's table, as pcmk__consume_node_capacity does: a name the
// node lacks enters the table as 0.
func (u *utilizationTables) assigned(p *plan, r *model.Resource, i int) {
	if u == nil || u.keys == nil {
		return
	}
	need := u.needs[r]
	for _, v := range need {
		cur, have := u.text[i][v.Name]
		left := map[string]int{}
		if have {
			left[v.Name] = utilizationValue(cur)
		} else {
			u.keys[i] = append(u.keys[i], v.Name)
		}
		u.text[i][v.Name] = strconv.Itoa(p.consumed(left, v.Name, utilizationValue(v.Value)))
	}
	u.report.Assignments = append(u.report.Assignments, UtilizationAssignment{
		Resource: r.ID, Node: p.Nodes[i].Uname, Values: need, AfterScores: p.Scores.Len()})
}

// released gives r's utilization back to node i, as
// pcmk__release_node_capacity does when an assignment is undone.
func (u *utilizationTables) released(p *plan, r *model.Resource, i int) {
	if u == nil || u.keys == nil {
		return
	}
	for _, v := range u.needs[r] {
		cur, have := u.text[i][v.Name]
		if !have {
			u.keys[i] = append(u.keys[i], v.Name)
		}
		u.text[i][v.Name] = strconv.Itoa(p.clampUtilization(utilizationValue(cur) + utilizationValue(v.Value)))
	}
}

// sortedNames are the names of m in sorted order.
func sortedNames(m map[string]int) []string {
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}
