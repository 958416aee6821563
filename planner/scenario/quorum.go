package scenario

import (
	"fmt"
	"strings"

	"pcl/ir"
)

// QuorumRule says how a scenario's have-quorum is decided.
//
// crm_simulate keeps the CIB's have-quorum whatever it injects (unless
// told otherwise with -q), so a scenario that takes half the cluster down
// would still be planned as quorate. pcl recomputes it as corosync's
// votequorum does by default: every cluster node (a configured node that
// is neither remote nor ping; remote and guest nodes do not vote) has one
// vote; the expected votes are the number of those nodes (or
// ExpectedVotes), raised to the votes present when more are (as
// votequorum raises them); the cluster is quorate while the nodes in the
// membership (in_ccm: a node down or fenced in the scenario is not) hold
// more than half of the expected votes. With TwoNode, a two-vote cluster
// is quorate with one vote (votequorum's two_node).
type QuorumRule struct {
	// Keep leaves have-quorum as the CIB records it (crm_simulate's
	// behaviour).
	Keep bool
	// TwoNode is votequorum's two_node: quorate with one of two votes.
	TwoNode bool
	// ExpectedVotes replaces the count of cluster nodes when positive
	// (votequorum's expected_votes).
	ExpectedVotes int
}

// Quorum is a planned CIB's quorum and how it was decided.
type Quorum struct {
	// Quorate is the have-quorum the scheduler sees.
	Quorate bool
	// Recomputed is false when Quorate is have-quorum as recorded (the
	// rule's Keep, or a baseline that records it).
	Recomputed bool
	// Votes are the votes of the nodes in the membership, Expected the
	// expected votes and Needed the votes quorum needs, as the rule
	// counts them (also when Quorate is as recorded).
	Votes, Expected, Needed int
}

// Count is what the rule makes of cib's membership, whatever have-quorum
// the CIB records.
func (q QuorumRule) Count(cib *ir.CIB) Quorum {
	members := map[string]bool{}
	for _, n := range cib.Config.Nodes {
		switch strings.ToLower(n.Type) {
		case "", "member", "normal":
			members[strings.ToLower(n.Uname)] = false
		}
	}
	if cib.Status != nil {
		for _, ns := range cib.Status.Nodes {
			key := strings.ToLower(ns.Uname)
			if _, member := members[key]; !member {
				continue
			}
			if in, _ := ir.ParseBool(ns.InCCM); in {
				members[key] = true
			}
		}
	}
	var out Quorum
	for _, up := range members {
		if up {
			out.Votes++
		}
	}
	out.Expected = len(members)
	if q.ExpectedVotes > 0 {
		out.Expected = q.ExpectedVotes
	}
	out.Expected = max(out.Expected, out.Votes)
	out.Needed = out.Expected/2 + 1
	if q.TwoNode && out.Expected == 2 {
		out.Needed = 1
	}
	out.Quorate = out.Votes >= out.Needed
	out.Recomputed = true
	return out
}

// Recorded is the CIB's have-quorum attribute, and whether it has one.
func Recorded(cib *ir.CIB) (quorate, ok bool) {
	v, has := getAttr(cib.Attrs, "have-quorum")
	if !has {
		return false, false
	}
	b, _ := ir.ParseBool(v)
	return b, true
}

// Decide applies the rule to a scenario's CIB: it returns cib with
// have-quorum recomputed (a copy when it changes; cib is not modified),
// or cib as it is with the rule's Keep. keepRecorded also keeps a
// have-quorum the CIB records (for the cluster as it is, whose recorded
// quorum is a fact); a CIB that records none, such as a policy compiled
// from .pcl, is counted.
func (q QuorumRule) Decide(cib *ir.CIB, keepRecorded bool) (*ir.CIB, Quorum) {
	counted := q.Count(cib)
	recorded, has := Recorded(cib)
	if q.Keep || (keepRecorded && has) {
		counted.Quorate, counted.Recomputed = recorded, false
		return cib, counted
	}
	value := "0"
	if counted.Quorate {
		value = "1"
	}
	if v, _ := getAttr(cib.Attrs, "have-quorum"); has && v == value {
		return cib, counted
	}
	out := *cib
	out.Attrs = append([]ir.Attr(nil), cib.Attrs...)
	setAttr(&out.Attrs, "have-quorum", value)
	return &out, counted
}

// Describe says how the votes were counted: "2 of 3 votes, 2 needed".
func (q Quorum) Describe() string {
	return fmt.Sprintf("%d of %d votes, %d needed", q.Votes, q.Expected, q.Needed)
}
