// Package scores formats a planner.Result's allocation scores: the
// crm_simulate score lines, a resources-by-nodes table with the chosen node
// marked, JSON, and the per-node explanation of one resource's scores.
//
// A resource the planner cannot compute (planner.Result.Unknown: clones,
// bundles, what is tied to them, everything on a cluster with remote
// nodes) is never shown with a node or scores: the table marks it "?"
// and "unknown" and says why under the table, JSON gives it "unknown":
// true with the reason and lists Result.Unknown at the top level, and
// the explanation says why instead of listing contributions. The
// crm_simulate lines keep Pacemaker's format, which has no room for a
// mark: cmd/pcl warns on stderr instead.
//
// It owns presentation only; the numbers and their explanations come from
// package planner.
package scores
