package planner

import (
	"sort"
	"strings"

	"pcl/ir"
	"pcl/pcmk"
)

// applyNodeHealth turns #health* node attributes into location scores
// (pcmk__apply_node_health), for every node-health-strategy but none.
func (p *plan) applyNodeHealth() {
	strategy := strings.ToLower(p.props["node-health-strategy"])
	var red, yellow, green ir.Score
	switch strategy {
	case "", "none":
		return
	case "migrate-on-red":
		red = -ir.Infinity
	case "only-green":
		red, yellow = -ir.Infinity, -ir.Infinity
	case "progressive", "custom":
		red = p.healthOption("node-health-red", "-INFINITY")
		yellow = p.healthOption("node-health-yellow", "0")
		green = p.healthOption("node-health-green", "0")
	default:
		return
	}
	base := ir.Score(0)
	if strategy == "progressive" {
		base = p.healthOption("node-health-base", "0")
	}
	colour := func(v string) ir.Score {
		switch strings.ToLower(strings.TrimSpace(v)) {
		case "red":
			return red
		case "yellow":
			return yellow
		case "green":
			return green
		}
		return pcmk.ScoreOf(v)
	}
	for i, n := range p.Nodes {
		health := base
		var names []string
		for k := range n.Attrs {
			if strings.HasPrefix(k, "#health") {
				names = append(names, k)
			}
		}
		sort.Strings(names)
		for _, k := range names {
			health = colour(n.Attrs[k]).Add(health)
		}
		if health == 0 {
			continue
		}
		for _, r := range p.Top {
			if health < 0 && isTrueDefault(r.Meta["allow-unhealthy-nodes"], false) {
				continue
			}
			loc := p.newLocation("node-health-strategy="+strategy, r, "")
			loc.nodes = []locNode{{i, health}}
		}
	}
}

func (p *plan) healthOption(name, def string) ir.Score {
	v, ok := p.props[name]
	if !ok {
		v = def
	}
	return pcmk.ScoreOf(v)
}
