// Package matrix reports a batch of what-if scenarios side by side: the
// failover matrix (resources by scenarios, each cell the node a resource
// runs on, STOPPED, BLOCKED or UNKNOWN; a clone is one row whose cell says
// how many of its instances run where, "2/3 n1 n2", DEGRADED below its
// clone-min, STOPPED with none), the single points of failure
// (resources that stop in some scenario, and why, from the planner's
// explanation; not assessed when the baseline has no quorum), the
// scenarios without quorum, and each scenario's quorum and actions.
// Formats: text for a terminal (wide matrices are split into pages of
// columns that fit), markdown, and JSON ({"scenarios": [{"name",
// "placement": {rsc: node|null}, "actions": [{"action", "resource",
// "node", "blocked", "unknown"}], "quorum": {"quorate", "recomputed",
// "votes", "expected_votes", "needed"}}], "unknown": [{"resource",
// "construct", "detail"}]}).
//
// UNKNOWN is the one spelling of "not computed", explained in a legend
// under any matrix that has it: a scenario that could not be planned, or
// a resource the planner cannot compute (planner.Result.Unknown: a kind
// or construct it does not model exactly, and what is tied to it). Such a resource is never shown on a node or STOPPED: the
// report lists it under "Unknown" with the reason, leaves its changes out
// of each scenario's summary (a last line says its actions are unknown),
// and says it could not be assessed rather than count it among the single
// points of failure or claim there are none. JSON gives it no placement
// (null would say it stops) and marks its actions "unknown".
//
// FromBatch composes the report of a batch planned by package
// planner/batch; Stream composes the same report as the batch runs
// (batch.Options.Done), making each scenario's column as it is planned so
// that the batch can release its plans; Build takes planned scenarios
// from anywhere (Run: a name and the planner.Result, which holds the
// transition). The package
// reads planner results and never plans: the dependency goes from emit to
// planner, not back.
// Reading the batch flags and choosing the format and the text width
// ($COLUMNS) are cmd/pcl's.
package matrix
