package compiler

import (
	"strings"

	"github.com/hashicorp/hcl/v2"

	"pcl/ir"
	"pcl/pcmk"
)

// checkFencing reports a configuration that enables fencing (stonith-enabled
// is true by default) without any fencing device: Pacemaker 2.1.5 logs
// "Resource start-up disabled since no STONITH resources have been
// defined" as a configuration error and crm_verify refuses the CIB. A
// have-watchdog of true counts as a device (watchdog self-fencing).
func (l *lowerer) checkFencing() {
	enabled, enabledAt, known := l.fencingOption("stonith-enabled", "true")
	if !known || !enabled {
		return
	}
	if watchdog, _, known := l.fencingOption("have-watchdog", "false"); !known || watchdog {
		return
	}
	for _, r := range l.resources {
		if p, ok := r.(*ir.Primitive); ok && l.isFencingDevice(p) {
			return
		}
	}
	rng, explicit := enabledAt, enabledAt != nil
	if rng == nil {
		rng = l.fencingAnchor()
	}
	if rng == nil {
		return
	}
	how := "stonith-enabled is true by default"
	if explicit {
		how = "stonith-enabled is true"
	}
	l.diags = append(l.diags, errorAt(*rng, "No fencing device",
		"Fencing is enabled (%s) but no resource uses a stonith: agent, so Pacemaker starts no resource and crm_verify refuses the CIB. Add a fencing device (agent = \"stonith:fence_...\") or set stonith-enabled = false in properties if the cluster runs without fencing.", how))
}

// fencingOption reads a boolean cluster option as the scheduler would
// without rules: the first set without rules that names it wins. known is
// false when only sets with rules name it, whose outcome depends on the
// time and node.
func (l *lowerer) fencingOption(name, dflt string) (value bool, at *hcl.Range, known bool) {
	ruled := false
	// From 3.0.2 the new name (fencing-enabled) is read first, then the
	// old one (cluster_option_value).
	names := []string{name}
	for now, old := range optionRenames302 {
		if old == name && l.target.Since(pcmk.V3_0_2) {
			names = []string{now, name}
		}
	}
	for _, name := range names {
		for _, s := range l.cfg.Properties {
			for _, p := range s.Pairs {
				if p.Name != name || p.Value == nil || defaultMarker(*p.Value) {
					continue
				}
				if len(s.Rules) > 0 {
					ruled = true
					continue
				}
				v, _ := ir.ParseBool(*p.Value)
				return v, p.DeclRange.Ptr(), true
			}
		}
	}
	v, _ := ir.ParseBool(dflt)
	return v, nil, !ruled
}

// isFencingDevice tells whether p's agent (or its template's) is of class
// stonith.
func (l *lowerer) isFencingDevice(p *ir.Primitive) bool {
	return strings.EqualFold(l.agentOf(p).Class, "stonith")
}

// agentOf is p's agent, or its template's when p names none.
func (l *lowerer) agentOf(p *ir.Primitive) ir.Agent {
	if t, ok := l.resources[p.Template].(*ir.Template); ok && p.Template != "" && p.Agent.Class == "" {
		return t.Agent
	}
	return p.Agent
}

// fencingAnchor is where to report a missing fencing device when
// stonith-enabled is not written: the first resource, else the first node,
// else the first properties set.
func (l *lowerer) fencingAnchor() *hcl.Range {
	var first *hcl.Range
	consider := func(r hcl.Range) {
		if r.Filename == "" {
			return
		}
		if first == nil || later(*first, r) {
			first = r.Ptr()
		}
	}
	for _, id := range sortedKeys(l.resRange) {
		consider(l.resRange[id])
	}
	if first != nil {
		return first
	}
	for _, n := range l.cfg.Nodes {
		consider(n.DeclRange)
	}
	for _, s := range l.cfg.Properties {
		consider(s.DeclRange)
	}
	return first
}

// checkFencingDisabled reports what Pacemaker refuses, as a configuration
// error or warning (crm_verify fails on both), when fencing is disabled:
// no-quorum-policy=suicide, and resources that require fencing or
// unfencing.
func (l *lowerer) checkFencingDisabled() {
	enabled, _, known := l.fencingOption("stonith-enabled", "true")
	if !known || enabled {
		return
	}
	for _, s := range l.cfg.Properties {
		for _, p := range s.Pairs {
			if p.Name == "no-quorum-policy" && p.Value != nil && strings.EqualFold(*p.Value, "suicide") {
				l.diags = append(l.diags, errorAt(p.DeclRange, "Suicide without fencing",
					"no-quorum-policy = \"suicide\" needs fencing, which stonith-enabled = false turns off; Pacemaker resets it to \"stop\" as a configuration error, and crm_verify refuses it."))
			}
			// Since 2.1.9 (unpack_config) the same for "fence".
			if p.Name == "no-quorum-policy" && p.Value != nil && strings.EqualFold(*p.Value, "fence") && l.target.Since(pcmk.V2_1_9) {
				l.diags = append(l.diags, errorAt(p.DeclRange, "Fence without fencing",
					"no-quorum-policy = \"fence\" needs fencing, which stonith-enabled = false turns off; Pacemaker resets it to \"stop\" as a configuration error, and crm_verify refuses it."))
			}
		}
	}
	sets := append([]*ir.NVSet(nil), l.cfg.RscDefaults...)
	for _, id := range sortedKeys(l.resources) {
		switch r := l.resources[id].(type) {
		case *ir.Primitive:
			sets = append(sets, r.Sets...)
		case *ir.Group:
			sets = append(sets, r.Sets...)
		case *ir.Clone:
			sets = append(sets, r.Sets...)
		case *ir.Bundle:
			sets = append(sets, r.Sets...)
		}
	}
	for _, s := range sets {
		if s.Kind != ir.MetaAttributes {
			continue
		}
		for _, p := range s.Pairs {
			if p.Name != "requires" || p.Value == nil {
				continue
			}
			if v := strings.ToLower(*p.Value); v == "fencing" || v == "unfencing" {
				l.diags = append(l.diags, errorAt(p.DeclRange, "Requires fencing that is disabled",
					"requires = %q needs fencing, which stonith-enabled = false turns off; Pacemaker resets it to \"quorum\" with a configuration warning, and crm_verify fails on it. Write \"quorum\" or \"nothing\".", *p.Value))
			}
		}
	}
}
