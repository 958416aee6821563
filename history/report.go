package history

import (
	"pcl/cibdiff"
	"pcl/pcmk"
)

// Report is the history of a cluster: one entry per scheduler input, in
// the order the scheduler read them.
type Report struct {
	Transitions []*Transition `json:"transitions"`
}

// Transition is one scheduler input: what changed since the input before
// it, and what the scheduler decided from it, and why.
type Transition struct {
	Input string `json:"input"`
	// Kind is "input", "warn" or "error", as the file is named.
	Kind string `json:"kind,omitempty"`
	// Seq is the number in the file's name (-1: none).
	Seq int `json:"sequence"`
	// Date is the execution-date, RFC 3339 in UTC ("" when not recorded).
	Date string `json:"execution_date,omitempty"`
	// Version is the CIB's admin_epoch.epoch.num_updates.
	Version string `json:"version"`
	// DC is the node the DC ran on (dc-uuid, by name).
	DC string `json:"dc,omitempty"`
	// Pacemaker is the release planned for.
	Pacemaker pcmk.Target `json:"pacemaker"`
	// Error says why the input could not be read; nothing else is set.
	Error string `json:"error,omitempty"`
	// First marks the first input: there is nothing before it to
	// compare with.
	First bool `json:"first,omitempty"`

	// What changed since the input before.
	Config     []cibdiff.Object `json:"config,omitempty"`
	Nodes      []NodeEvent      `json:"nodes,omitempty"`
	Operations []OpEvent        `json:"operations,omitempty"`
	Attributes []AttrChange     `json:"attributes,omitempty"`
	Tickets    []TicketChange   `json:"tickets,omitempty"`

	// What the scheduler decided: fencing and shutdowns, and the
	// resources' changes, each with why.
	NodeActions []string `json:"node_actions,omitempty"`
	Changes     []Change `json:"changes,omitempty"`
	// Unknown lists what the planner cannot compute exactly in this
	// input; the changes of those resources are left out of Changes.
	Unknown []UnknownEntry `json:"unknown,omitempty"`
}

// UnknownEntry is one planner.Unknown: a resource (or, when empty, the
// whole plan) the planner does not compute exactly, and why.
type UnknownEntry struct {
	Resource string `json:"resource,omitempty"`
	Detail   string `json:"detail"`
}

// NodeEvent is a node whose state changed.
type NodeEvent struct {
	Node string `json:"node"`
	// Event is joined, left (cleanly), lost (out of the membership
	// without leaving: unclean, to be fenced), fenced (the transition
	// before fenced it), or changed (standby, maintenance, shutdown).
	Event  string `json:"event"`
	Before string `json:"before"`
	After  string `json:"after"`
}

// OpEvent is an operation result the executor recorded since the input
// before (a new call, or a new result of a recurring monitor).
type OpEvent struct {
	Node      string `json:"node"`
	Resource  string `json:"resource"`
	Operation string `json:"operation"` // probe for a monitor with interval 0
	// IntervalMs is a recurring operation's interval.
	IntervalMs int64 `json:"interval_ms,omitempty"`
	RC         int   `json:"rc"`
	// Result is the rc's name (ok, not running, ...) and, when the
	// execution did not complete, its status (Timed Out, ...).
	Result     string `json:"result"`
	ExitReason string `json:"exit_reason,omitempty"`
	// Failed marks a result other than the one the transition expected
	// (the target rc of the transition key) or an execution that failed.
	Failed bool `json:"failed,omitempty"`
	// At is last-rc-change, RFC 3339 in UTC.
	At string `json:"at,omitempty"`
}

// AttrChange is a transient node attribute set, changed or deleted (fail
// counts, last-failure, standby set for the reboot, an agent's
// promotion score, ...).
type AttrChange struct {
	Node   string  `json:"node"`
	Name   string  `json:"name"`
	Before *string `json:"before,omitempty"`
	After  *string `json:"after,omitempty"`
}

// TicketChange is a ticket granted, revoked, or put in or out of
// standby.
type TicketChange struct {
	Ticket string `json:"ticket"`
	Before string `json:"before"`
	After  string `json:"after"`
}

// Change is one line of the transition's summary, with why.
type Change struct {
	Change   string `json:"change"` // Start, Stop, Move, Restart, Recover, Promote, ...
	Resource string `json:"resource"`
	From     string `json:"from,omitempty"`
	To       string `json:"to,omitempty"`
	Role     string `json:"role,omitempty"`
	NextRole string `json:"next_role,omitempty"`
	// Reason is the scheduler's own ("due to node availability"),
	// without "due to".
	Reason  string `json:"reason,omitempty"`
	Blocked bool   `json:"blocked,omitempty"`
	// Failed are the failed operation results of the resource (or of
	// its clone's instances) recorded since the input before: what a
	// recovery or a move away answers.
	Failed []OpEvent `json:"failed,omitempty"`
	// Configured are the configuration objects of the resource that
	// changed since the input before ("primitive db changed"): what a
	// restart for changed parameters answers.
	Configured []string `json:"configured,omitempty"`
	// Why compares the resource's scores in this input with those in the
	// input before, on the nodes it left or went to and every node whose
	// score changed.
	Why []NodeScore `json:"why,omitempty"`
}

// NodeScore is a resource's allocation score on one node now, beside the
// one before, and the contributions that differ.
type NodeScore struct {
	Node  string `json:"node"`
	Score string `json:"score"`
	// Before is the score in the input before ("" when there was none:
	// the first input, or the resource or node did not exist).
	Before string `json:"before,omitempty"`
	// Chosen marks the node the resource is placed on now; Was the one it
	// ran on.
	Chosen bool `json:"chosen,omitempty"`
	Was    bool `json:"was,omitempty"`
	// Unavailable says why the node cannot run resources now (offline,
	// unclean, standby, maintenance, shutting down), "" when it can.
	Unavailable string `json:"unavailable,omitempty"`
	// UnavailableBefore is the node's availability in the input before
	// when it differs from now: why it could not run resources then, or
	// "available".
	UnavailableBefore string `json:"unavailable_before,omitempty"`
	// Added and Removed are the contributions present only now and only
	// before; with no input before, Added is every contribution.
	Added   []Contribution `json:"added,omitempty"`
	Removed []Contribution `json:"removed,omitempty"`
}

// Contribution is one step of a score: its value ("+100", "-INFINITY",
// "= 0" for one that replaces the score) and its cause.
type Contribution struct {
	Value string `json:"value"`
	Cause string `json:"cause"`
}
