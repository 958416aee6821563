// Package matrix reports a batch of what-if scenarios side by side: the
// failover matrix (resources by scenarios, each cell the node a resource
// runs on, STOPPED or BLOCKED), the single points of failure (resources
// that stop in some scenario, and why, from the planner's explanation),
// and each scenario's actions. Formats: text for a terminal (wide
// matrices are split into pages of columns that fit), markdown, and JSON
// ({"scenarios": [{"name", "placement": {rsc: node|null}, "actions":
// [{"action", "resource", "node", "blocked"}]}]}).
//
// Build takes planned scenarios (Run: a name, the plan and the
// transition); it does not plan them (package planner/batch does) or
// read flags.
package matrix
