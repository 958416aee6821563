package importer

import (
	"pcl/ir"
)

// score reads a score attribute. Text that is not a score (a node-health
// colour, a typo) is kept with value 0 and, unless a colour, a warning:
// the IR keeps what was written, the planner decides what it means.
func (r *reader) score(e *elem, name string) *ir.ScoreValue {
	v, ok := e.lookup(name)
	if !ok {
		return nil
	}
	s, err := ir.ParseScore(v)
	if err != nil {
		switch {
		case r.schemaRefuses():
			r.schemaError(e.rng, "Invalid score", "%s=%q of <%s> is not an integer, INFINITY, +INFINITY or -INFINITY.", name, v, e.name)
		case v == "red" || v == "yellow" || v == "green":
		default:
			r.warnf(e.rng, "Invalid score", "%s=%q of <%s>: %v.", name, v, e.name, err)
		}
		return &ir.ScoreValue{Text: v}
	}
	return &ir.ScoreValue{Value: s, Text: v}
}

func (r *reader) boolean(e *elem, name string) *ir.Bool {
	v, ok := e.lookup(name)
	if !ok {
		return nil
	}
	b, valid := ir.ParseBool(v)
	if !valid {
		r.warnf(e.rng, "Invalid boolean", "%s=%q of <%s> is not a boolean (true, false, yes, no, on, off, 1, 0); it is kept as written, and Pacemaker reads it as false or as the default depending on the attribute.", name, v, e.name)
	}
	return &ir.Bool{Value: b, Text: v}
}

func (r *reader) duration(e *elem, name string) *ir.Duration {
	v, ok := e.lookup(name)
	if !ok {
		return nil
	}
	d, err := ir.ParseDuration(v)
	if err != nil {
		r.warnf(e.rng, "Invalid duration", "%s=%q of <%s>: %v.", name, v, e.name, err)
		return &ir.Duration{Text: v}
	}
	return &d
}

// role reads a role attribute, warning about names Pacemaker does not know.
func (r *reader) role(e *elem, name string) ir.Role {
	v := ir.Role(e.attr(name))
	if v != "" && v.Normalize() == ir.RoleUnknown {
		r.warnf(e.rng, "Unknown role", "%s=%q of <%s> is not a role (Stopped, Started, Unpromoted, Promoted, or the legacy Slave, Master).", name, v, e.name)
	}
	return v
}
