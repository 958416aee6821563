// Package plantext writes a computed transition for people and programs:
// the "Transition Summary" lines of crm_simulate, a plain-language plan
// with the reasons behind each change, and JSON (placement per resource and
// the action list).
//
// It does not compute anything: the planner places resources and
// planner/transition schedules actions.
package plantext
