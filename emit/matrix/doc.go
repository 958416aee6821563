// Package matrix reports a batch of what-if scenarios side by side: the
// failover matrix (resources by scenarios, each cell the node a resource
// runs on, STOPPED or BLOCKED), the single points of failure (resources
// that stop in some scenario, and why, from the planner's explanation),
// and each scenario's actions. Formats: text for a terminal (wide
// matrices are split into pages of columns that fit), markdown, and JSON
// ({"scenarios": [{"name", "placement": {rsc: node|null}, "actions":
// [{"action", "resource", "node", "blocked"}]}]}).
//
// FromBatch composes the report of a batch planned by package
// planner/batch; Build takes planned scenarios from anywhere (Run: a
// name and the planner.Result, which holds the transition). The package
// reads planner results and never plans: the dependency goes from emit to
// planner, not back.
// Reading the batch flags and choosing the format and the text width
// ($COLUMNS) are cmd/pcl's.
package matrix
