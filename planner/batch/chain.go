package batch

import (
	"fmt"

	"pcl/planner/scenario"
)

// This file orders chained scenarios: a scenario with After starts from
// the cluster the scenario it names leaves (its Outcome.Settled), as an
// operator's second command acts on the cluster the first one left.

// chainOf is, for each scenario, the index of the scenario it follows
// (-1 for none, or for a name the batch does not have: checkChains
// reports those).
func chainOf(scenarios []scenario.Scenario) []int {
	index := make(map[string]int, len(scenarios))
	for i, s := range scenarios {
		if _, dup := index[s.Name]; !dup {
			index[s.Name] = i
		}
	}
	prev := make([]int, len(scenarios))
	for i, s := range scenarios {
		prev[i] = -1
		if j, ok := index[s.After]; ok && s.After != "" {
			prev[i] = j
		}
	}
	return prev
}

// chainErr says why scenario i cannot be planned from the scenario it
// follows: it names one the batch does not have, or its chain comes back
// to itself (no scenario of a cycle can be planned first). nil for a
// scenario that follows none or a chain that ends.
func chainErr(scenarios []scenario.Scenario, prev []int, i int) error {
	s := scenarios[i]
	if s.After == "" {
		return nil
	}
	if prev[i] < 0 {
		return fmt.Errorf("scenario %q follows scenario %q, which the batch does not have", s.Name, s.After)
	}
	seen := map[int]bool{i: true}
	for j := prev[i]; j >= 0; j = prev[j] {
		if seen[j] {
			return fmt.Errorf("scenario %q follows a chain of scenarios that comes back on itself (%q follows %q)", s.Name, scenarios[j].Name, scenarios[j].After)
		}
		seen[j] = true
	}
	return nil
}

// planOrder is the order the pool takes the scenarios in: each after the
// one it follows, otherwise as given. A worker waiting for the scenario
// it follows then waits for one already taken, never for one behind it
// in the queue, so the pool cannot deadlock. broken are the scenarios
// chainErr rejects: they wait for none and keep their place.
func planOrder(prev []int, broken []bool) []int {
	order := make([]int, 0, len(prev))
	placed := make([]bool, len(prev))
	var visit func(i int)
	visit = func(i int) {
		if placed[i] {
			return
		}
		if !broken[i] && prev[i] >= 0 {
			visit(prev[i])
		}
		placed[i] = true
		order = append(order, i)
	}
	for i := range prev {
		visit(i)
	}
	return order
}
