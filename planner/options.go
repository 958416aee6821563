package planner

import (
	"time"

	"pcl/ir"
	"pcl/pcmk"
)

// Options tunes a computation.
type Options struct {
	// Target is the Pacemaker release planned for; zero is
	// pcmk.DefaultTarget(). Every behaviour that changed between releases
	// is chosen by it.
	Target pcmk.Target
	// Now is the effective time for rules and failure timeouts. Zero means
	// the CIB's execution-date attribute, else the wall clock, as
	// crm_simulate does without -t.
	Now time.Time
	// EvalRule evaluates a rule; nil uses planner/ruleeval.
	EvalRule RuleEvaluator
	// NoTrail skips recording explanation trails (faster for batch runs).
	NoTrail bool
	// NoScores records no allocation score lines (Result.Scores is
	// empty), for an output that neither prints them nor explains by
	// them (a plan's JSON, the transition graph): a clone-heavy cluster
	// has tens of millions.
	NoScores bool
	// ScoresOf, when not nil, records only the score lines it names:
	// those of resource id on node name where ScoresOf[id][name] (a
	// resource's children only if they are named too). An output that
	// explains changes by their scores needs those of the changed
	// resources on the nodes they leave and go to alone (see Explain).
	ScoresOf map[string]map[string]bool
	// ExplainChanges, with NoScores, asks Schedule for the score lines,
	// with their trails, that explain changes of the placement (and no
	// others): those of each resource on the nodes it is active on and the
	// node it is placed on, and those of the first instance or member of
	// its parent on the same nodes. Result.ExplainsLine says whether they
	// cover the lines an output needs. The lines of each top-level
	// resource are recorded as it is placed and these kept at once.
	ExplainChanges bool
	// changeLinesOnly is set by Schedule for ExplainChanges: the plan
	// drops the lines changeLines will not name as it goes (assignTop).
	changeLinesOnly bool
	// Transition asks Schedule for the transition as well: the actions
	// and orderings that take the cluster to the placement.
	Transition bool
	// Digests asks, with Transition, for the parameter digests of the
	// transition's operations (Result.OpDigest), which settling the
	// transition into a status records.
	Digests bool
	// StatusOnly reads the cluster as its status describes it and stops
	// there: where each resource is active and in which role
	// (Result.Running), orphans included; no scores, placement or
	// transition. It is how a batch reads the cluster a transition leaves.
	StatusOnly bool
	// Utilization asks for the utilization report (Result.Utilization),
	// as crm_simulate --show-utilization prints it.
	Utilization bool
}

// RuleEnv is what a rule is evaluated against.
type RuleEnv struct {
	// Node holds the node attributes (#uname, #id, ... and configured and
	// transient attributes); nil when the rule is not evaluated for a node.
	Node map[string]string
	Now  time.Time
	// Agent is the resource agent for rsc_expression; nil when none.
	Agent *ir.Agent
	// OpName and OpIntervalMs are the operation for op_expression.
	OpName       string
	OpIntervalMs int64
	OpSet        bool
	// Params and Meta are the resource's instance and meta attributes, for
	// value-source="param"/"meta".
	Params, Meta map[string]string
	// Matches are the rsc-pattern submatches (%0..%9) of a location rule.
	Matches []string
}

// RuleEvaluator decides whether a rule passes.
type RuleEvaluator func(r *ir.Rule, env *RuleEnv) bool
