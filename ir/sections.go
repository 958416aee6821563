package ir

// RequiredSections are the sections every <configuration> has, in schema
// order; OptionalSections the others, in the order writers use when
// Config.Sections does not list them.
var (
	RequiredSections = []string{"crm_config", "nodes", "resources", "constraints"}
	OptionalSections = []string{"rsc_defaults", "op_defaults", "fencing-topology", "alerts", "acls", "tags"}
)

// SectionOrder is Sections completed, the order in which writers emit the
// configuration's sections: required sections Sections does not name go
// first, then Sections (duplicates dropped), then optional sections that
// have content but are not named (IR built by hand, or by a front end that
// leaves Sections out), each group in schema order.
func (c *Config) SectionOrder() []string {
	named := map[string]bool{}
	for _, s := range c.Sections {
		named[s] = true
	}
	var order []string
	for _, s := range RequiredSections {
		if !named[s] {
			order = append(order, s)
		}
	}
	seen := map[string]bool{}
	for _, s := range c.Sections {
		if !seen[s] {
			seen[s] = true
			order = append(order, s)
		}
	}
	for _, s := range OptionalSections {
		if !named[s] && c.hasSection(s) {
			order = append(order, s)
		}
	}
	return order
}

// hasSection reports whether an optional section has content.
func (c *Config) hasSection(name string) bool {
	switch name {
	case "rsc_defaults":
		return len(c.RscDefaults) > 0
	case "op_defaults":
		return len(c.OpDefaults) > 0
	case "fencing-topology":
		return len(c.FencingLevels) > 0
	case "alerts":
		return len(c.Alerts) > 0
	case "acls":
		return len(c.ACLs) > 0
	case "tags":
		return len(c.Tags) > 0
	}
	return false
}
