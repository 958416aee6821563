// Package dot draws Graphviz graphs: the transition graph exactly as
// crm_simulate -D writes it, and the order and colocation chains of a
// policy.
//
// It does not compute transitions (planner/transition) or read policies;
// rendering to SVG is left to the dot program (see Render).
package dot
