package planner

// collective stands for the kinds the planner does not place yet,
// bundles: it leaves them out of placement, so that every output can
// mark what depends on them as unknown rather than guess.
type collective struct {
	scoreFunc string // pcmk__bundle_allocate, pcmk__bundle_assign since 2.1.7
}

func (c collective) assignFunc() string { return c.scoreFunc }

func (collective) planned() bool { return false }

func (collective) assign(*plan, *Resource, int) int { return -1 }

func (collective) scoreLines(*plan, *Resource) int { return 0 }

func (collective) colocateAsDependent(*plan, *Resource, *Resource, *colocation) {}

func (collective) colocateAsPrimary(*plan, *Resource, *Resource, *colocation) {}

func (collective) colocatedScores(*plan, *Resource, *table, string, float32, int, string) (table, []*colocation, bool) {
	return table{}, nil, true
}

func (collective) colocatedResources(p *plan, r, orig *Resource, list []*Resource) []*Resource {
	return p.colocatedChain(r, orig, list)
}

func (collective) addUtilization(*plan, *Resource, []*Resource, map[string]int) {}

func (collective) applyLocation(*plan, *Resource, *location, []locNode) {}

func (collective) internalConstraints(*plan, *Resource) {}

func (collective) placement(*plan, *Resource) (string, string) { return "", "" }

func (collective) running(*plan, *Resource) Running { return Running{} }
