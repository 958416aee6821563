package compiler

import (
	"sort"
	"strings"

	"pcl/agents"
	"pcl/ir"
	"pcl/pcmk"
)

// checkAgent checks a primitive against its agent's metadata, when the
// compiler was given a source of it (Options.Agents): unknown parameters
// with did-you-mean, required parameters left out, values of the wrong
// type, and operation timeouts below what the agent advises. Pacemaker
// checks none of this: the agent finds out when the resource starts.
func (l *lowerer) checkAgent(p *ir.Primitive) {
	if l.agents == nil {
		return
	}
	agent := l.agentOf(p)
	sets := p.Sets
	if t, ok := l.resources[p.Template].(*ir.Template); ok && p.Template != "" {
		sets = append(append([]*ir.NVSet(nil), t.Sets...), sets...)
	}
	if agent.Class == "" || agent.Type == "" {
		return
	}
	md, ok := l.agents.Metadata(agent.String())
	if !ok {
		return
	}
	names := make([]string, 0, len(md.Parameters))
	for _, prm := range md.Parameters {
		names = append(names, prm.Name)
	}
	fencing := strings.EqualFold(agent.Class, "stonith")
	given := map[string]bool{}
	complete := true // every instance attribute is known without rules or references
	for _, s := range sets {
		if s.Kind != ir.InstanceAttributes {
			continue
		}
		if len(s.Rules) > 0 || s.IDRef != "" {
			complete = false
		}
		for _, pair := range s.Pairs {
			if pair.Name == "" {
				complete = false
				continue
			}
			given[pair.Name] = true
			prm, known := md.Parameter(pair.Name)
			if !known {
				if _, fencer := l.opts.fencing[pair.Name]; fencing && fencer {
					continue
				}
				l.diags = append(l.diags, warningAt(pair.DeclRange, "Unknown agent parameter",
					"The agent %s has no parameter %q%s; Pacemaker passes it on and the agent ignores it.", agent, pair.Name, suggestion(pair.Name, names)))
				continue
			}
			// Agents' declared types are loose (ping's integer dampen
			// defaults to "5s"): a type its own default does not fit is
			// not checked.
			if pair.Value != nil && (prm.Default == "" || agentValueFits(prm.Type, prm.Default)) && !agentValueFits(prm.Type, *pair.Value) {
				l.diags = append(l.diags, warningAt(pair.DeclRange, "Invalid agent parameter",
					"The parameter %q of %s takes %s; %q is not one, and the agent will likely refuse to start (not configured).", pair.Name, agent, articled(prm.Type), *pair.Value))
			}
		}
	}
	if complete {
		// A parameter counts as given under its old name too, and a
		// fencing device's target (port, plug) is Pacemaker's to pass.
		for _, prm := range md.Parameters {
			if prm.Obsoletes != "" && (given[prm.Obsoletes] || given[prm.Name]) {
				given[prm.Obsoletes], given[prm.Name] = true, true
			}
		}
		var missing []string
		for _, prm := range md.Parameters {
			passed := fencing && (prm.Name == "port" || prm.Name == "plug" || prm.Name == "nodename")
			if prm.Required && !prm.Deprecated && !passed && !given[prm.Name] {
				missing = append(missing, prm.Name)
			}
		}
		sort.Strings(missing)
		for _, m := range missing {
			// The metadata read here may not be the cluster's (the agents
			// installed where pcl runs): an error only when asked.
			at := warningAt
			if l.strictAgents {
				at = errorAt
			}
			l.diags = append(l.diags, at(p.DeclRange, "Missing agent parameter",
				"The agent %s requires the parameter %q, which %q does not set: the agent will refuse to start it (not configured). Add it to params.", agent, m, p.ID))
		}
	}
	l.checkAgentTimeouts(p, agent, md)
	l.checkPromoteAction(p, agent, md)
}

// checkPromoteAction warns of a primitive in a promotable clone whose
// agent lists no promote action: such an agent sets no promotion score,
// so no instance is promoted unless a constraint scores one, and the
// promote then asked of it fails as not implemented (OCF rc 3), a hard
// error.
func (l *lowerer) checkPromoteAction(p *ir.Primitive, agent ir.Agent, md *agents.Metadata) {
	if !l.promotable(p) {
		return
	}
	for _, a := range md.Actions {
		if a.Name == "promote" {
			return
		}
	}
	l.diags = append(l.diags, warningAt(p.DeclRange, "Promotable clone of an agent without promote",
		"%q is in a promotable clone, but its agent %s lists no promote action in its metadata: such an agent sets no promotion score as a rule, so no instance is promoted unless a constraint scores one, and a promote then asked of it fails as not implemented, a hard error. Use an agent that can be promoted (its metadata lists promote and demote), or a clone that is not promotable.",
		p.ID, agent))
}

// agentValueFits tells whether v is a value of an agent parameter type
// the agents check: integer and boolean (as ocf_is_true reads it).
func agentValueFits(typ, v string) bool {
	switch typ {
	case "integer":
		_, rest, ok := pcmk.ScanLL(v)
		return ok && strings.TrimSpace(rest) == ""
	case "boolean":
		switch strings.ToLower(strings.TrimSpace(v)) {
		case "1", "0", "true", "false", "yes", "no", "on", "off", "y", "n":
			return true
		}
		return false
	}
	return true
}

func articled(typ string) string {
	if typ == "integer" {
		return "an integer"
	}
	return "a " + typ
}

// checkAgentTimeouts warns of operation timeouts below the timeout the
// agent advertises for the action.
func (l *lowerer) checkAgentTimeouts(p *ir.Primitive, agent ir.Agent, md *agents.Metadata) {
	if p.Operations == nil {
		return
	}
	for _, op := range p.Operations.Ops {
		if op.Timeout == nil || op.Timeout.Text == "" {
			continue
		}
		advised, text := int64(-1), ""
		for _, a := range md.Actions {
			if a.Name != op.Name || a.Timeout == "" {
				continue
			}
			if a.Role != "" && op.Role != "" && ir.Role(a.Role).Normalize() != op.Role.Normalize() {
				continue
			}
			if ms, err := pcmk.ParseInterval(a.Timeout); err == nil && (advised < 0 || ms < advised) {
				advised, text = ms, a.Timeout
			}
		}
		if advised > 0 && op.Timeout.Ms < advised {
			l.diags = append(l.diags, warningAt(op.DeclRange, "Timeout below the agent's advice",
				"The agent %s advises a timeout of at least %s for %s; with %s Pacemaker may cut the operation short and count it as failed.", agent, text, op.Name, op.Timeout.Text))
		}
	}
}
