package cibdiff

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner"
	"pcl/planner/transition"
)

// ReleaseDiff is one cluster planned for two Pacemaker releases: what an
// upgrade from one to the other changes in what the scheduler decides.
type ReleaseDiff struct {
	// From and To are the plans for the release upgraded from and to.
	From, To *planner.Result
	// Scores are the score lines that differ, in the order To prints
	// them, then those only From prints.
	Scores []ScoreDiff
	// Placements are the resources placed on another node.
	Placements []Placement
	// Changes are the resources whose transition differs.
	Changes []ChangeDiff
	// Notes are what changed in the scheduler between the two releases,
	// as far as pcl knows: the causes a difference can have.
	Notes []string
}

// ScoreDiff is one score that differs between the releases.
type ScoreDiff struct {
	// Kind is "allocation" or "promotion".
	Kind     string `json:"kind"`
	Resource string `json:"resource"`
	// Node is the node of an allocation score, or of a promotion score
	// under To ("" when the instance is placed nowhere).
	Node string `json:"node,omitempty"`
	// From and To are the scores as crm_simulate prints them; "" when the
	// release prints no such line.
	From string `json:"from"`
	To   string `json:"to"`
	// Cause lists, in words, the contributions only one release makes
	// (from the explanations); empty when none is recorded.
	Cause []string `json:"cause,omitempty"`
}

// ChangeDiff is a resource the two transitions treat differently: its
// summary entry under each release, nil where that release leaves it as
// it is.
type ChangeDiff struct {
	Resource string
	From, To *transition.Change
}

// CompareReleases plans cib for release from and for release to, and
// compares the scores, the placement and the transitions. opts are the
// planner options of both runs (its Target is replaced); the transition
// is always computed.
func CompareReleases(cib *ir.CIB, from, to pcmk.Target, opts planner.Options) (*ReleaseDiff, hcl.Diagnostics) {
	opts.Transition = true
	opts.NoTrail = false
	opts.Target = from
	old, diags := planner.Schedule(cib, opts)
	opts.Target = to
	new, nd := planner.Schedule(cib, opts)
	diags = append(diags, nd...)
	if diags.HasErrors() {
		return nil, diags
	}
	d := &ReleaseDiff{From: old, To: new, Placements: Placements(old, new),
		Notes: pcmk.ChangesBetween(from.Version, to.Version)}
	d.Scores = scoreDiffs(old, new)
	d.Changes = changeDiffs(old.Transition, new.Transition)
	return d, diags
}

// Differs reports whether the releases decide anything differently.
func (d *ReleaseDiff) Differs() bool {
	return len(d.Scores)+len(d.Placements)+len(d.Changes) > 0
}

// scoreEntry is one score line of a plan, keyed so that the same line of
// the other release finds it whatever its function is called there.
type scoreEntry struct {
	key   string
	diff  ScoreDiff
	trail []string
}

func scoreEntries(res *planner.Result) []scoreEntry {
	var out []scoreEntry
	seen := map[string]int{}
	add := func(kind, rsc, node, score string, trail []string, keyNode string) {
		base := kind + "\x00" + rsc + "\x00" + keyNode
		seen[base]++
		out = append(out, scoreEntry{key: fmt.Sprintf("%s\x00%d", base, seen[base]),
			diff: ScoreDiff{Kind: kind, Resource: rsc, Node: node, To: score}, trail: trail})
	}
	for _, l := range res.Scores.All() {
		add("allocation", l.Resource, l.Node, l.Score.String(), trailWords(l.Trail), l.Node)
	}
	for _, l := range res.Promotions {
		node := l.Node
		if l.Inactive || node == "none" {
			node = ""
		}
		var trail []string
		for _, t := range l.Trail {
			trail = append(trail, trailWords([]planner.Contribution{t.Contribution})...)
		}
		if l.Inactive {
			trail = append(trail, "=-INFINITY the instance is placed nowhere, which since 2.1.8 makes its promotion score -INFINITY")
		}
		// A promotion score is the instance's wherever it is placed.
		add("promotion", l.Resource, node, l.Score.String(), trail, "")
	}
	return out
}

func trailWords(trail []planner.Contribution) []string {
	var out []string
	for _, c := range trail {
		if c.Why == nil {
			continue
		}
		op := "+"
		if c.Set {
			op = "="
		}
		out = append(out, fmt.Sprintf("%s%s %s", op, c.Value, c.Why.Text))
	}
	return out
}

func scoreDiffs(old, new *planner.Result) []ScoreDiff {
	before := map[string]scoreEntry{}
	for _, e := range scoreEntries(old) {
		before[e.key] = e
	}
	var out []ScoreDiff
	matched := map[string]bool{}
	for _, e := range scoreEntries(new) {
		b, ok := before[e.key]
		matched[e.key] = true
		d := e.diff
		if ok {
			d.From = b.diff.To
		}
		if ok && d.From == d.To {
			continue
		}
		d.Cause = onlyIn(b.trail, e.trail)
		out = append(out, d)
	}
	var gone []scoreEntry
	for k, e := range before {
		if !matched[k] {
			gone = append(gone, e)
		}
	}
	sort.Slice(gone, func(i, j int) bool { return gone[i].key < gone[j].key })
	for _, e := range gone {
		d := e.diff
		d.From, d.To = d.To, ""
		d.Cause = onlyIn(e.trail, nil)
		out = append(out, d)
	}
	return out
}

// onlyIn lists the contributions of one trail the other lacks, each
// marked with the release it belongs to.
func onlyIn(from, to []string) []string {
	var out []string
	for _, w := range missingFrom(from, to) {
		out = append(out, "before: "+w)
	}
	for _, w := range missingFrom(to, from) {
		out = append(out, "after: "+w)
	}
	return out
}

// missingFrom lists the entries of a that b lacks, as multisets, in a's
// order.
func missingFrom(a, b []string) []string {
	count := map[string]int{}
	for _, w := range b {
		count[w]++
	}
	var out []string
	for _, w := range a {
		if count[w] > 0 {
			count[w]--
			continue
		}
		out = append(out, w)
	}
	return out
}

func changeDiffs(old, new *transition.Transition) []ChangeDiff {
	byRsc := func(t *transition.Transition) map[string]*transition.Change {
		m := map[string]*transition.Change{}
		for i := range t.Changes {
			m[t.Changes[i].Resource] = &t.Changes[i]
		}
		return m
	}
	o, n := byRsc(old), byRsc(new)
	ids := map[string]bool{}
	for id := range o {
		ids[id] = true
	}
	for id := range n {
		ids[id] = true
	}
	var out []ChangeDiff
	for id := range ids {
		a, b := o[id], n[id]
		if a != nil && b != nil && sameChange(old, new, a, b) {
			continue
		}
		out = append(out, ChangeDiff{Resource: id, From: a, To: b})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Resource < out[j].Resource })
	return out
}

// sameChange compares two summary entries by what they say: the verb,
// the nodes by name, the roles, whether blocked, the reason.
func sameChange(old, new *transition.Transition, a, b *transition.Change) bool {
	return a.Verb == b.Verb && old.NodeName(a.From) == new.NodeName(b.From) && old.NodeName(a.To) == new.NodeName(b.To) &&
		a.Role == b.Role && a.NextRole == b.NextRole && a.Blocked == b.Blocked && strings.TrimSpace(a.Reason) == strings.TrimSpace(b.Reason)
}
