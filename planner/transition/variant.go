package transition

import "pcl/planner/model"

// variant is what one kind of resource does in the transition: Pacemaker
// gives each variant its own methods (create_actions,
// internal_constraints, action_flags, location, ...), and so does the
// transition. Each kind implements it in a file of its own (primitive.go,
// group.go) and registers it in variants; the passes call through the
// table and never test a resource's kind.
type variant interface {
	// collective reports whether the resource is made of members whose
	// actions its own pseudo-actions stand for.
	collective() bool
	// createActions makes r's actions for its current and next state.
	createActions(s *scheduler, r *Resource)
	// internalConstraints orders r's own actions among themselves.
	internalConstraints(s *scheduler, r *Resource)
	// actionFlags is r's view of the flags of its action a on node.
	actionFlags(s *scheduler, a *Action, node int) ActionFlags
	// location is the node r runs or will run on, NoNode for none.
	location(r *Resource) int
	// currentRole is r's role now.
	currentRole(s *scheduler, r *Resource) Role
}

// variants holds each kind's transition behaviour. Kinds the planner does
// not place (clones, bundles) have none: they never reach the transition.
var variants [model.NumKinds]variant

func variantOf(r *Resource) variant { return variants[r.Kind] }

func (s *scheduler) createActions(r *Resource) { variantOf(r).createActions(s, r) }

// internalConstraints adds each resource's own orderings.
func (s *scheduler) internalConstraints(r *Resource) { variantOf(r).internalConstraints(s, r) }

// actionFlags is the resource's view of an action's flags.
func (s *scheduler) actionFlags(a *Action, node int) ActionFlags {
	if a.Rsc == nil {
		return a.Flags
	}
	return variantOf(a.Rsc).actionFlags(s, a, node)
}

// location is where r runs or will run.
func location(r *Resource) int { return variantOf(r).location(r) }

// currentRole is the resource's role now.
func (s *scheduler) currentRole(r *Resource) Role { return variantOf(r).currentRole(s, r) }

// collective reports whether r's actions stand for its members'.
func collective(r *Resource) bool { return variantOf(r).collective() }

// Schedules reports whether the transition schedules resources of kind k.
// The planner leaves other kinds out of the transition and reports their
// actions as unknown.
func Schedules(k model.Kind) bool { return variants[k] != nil }
