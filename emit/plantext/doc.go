// Package plantext writes a computed transition for people and programs:
// the "Transition Summary" lines of crm_simulate, a plain-language plan
// with the reasons behind each change, and JSON (placement per resource and
// the action list).
//
// It reads a planner.Result and never shows what the Result says it
// cannot compute (Result.Unknown) as certain: the plain-language plan
// leaves those resources' changes out and lists them as unknown, with
// the reason; JSON marks their placements and actions "unknown", leaves
// them out of "changes" and lists Result.Unknown at the top level. The
// crm_simulate summary keeps Pacemaker's format, which has no room for a
// mark: cmd/pcl warns on stderr instead.
//
// It does not compute anything: the planner places resources and
// planner/transition schedules actions.
package plantext
