package compiler

import (
	"fmt"
	"sort"

	"github.com/hashicorp/hcl/v2"

	"pcl/dsl"
	"pcl/dsl/rule"
	"pcl/ir"
	"pcl/pcmk"
)

// This file is the table of the forms a Pacemaker release removed or
// renamed, and their reporting. The lowering passes note each use of such
// a form where they read it (l.removed, with the offending token's range);
// once the policy is lowered, reportRemovals turns the notes that apply to
// the release compiled for into diagnostics. UpgradeCheck lists them for a
// policy and a release without compiling anything else.

// removedKind names one removed or renamed form.
type removedKind string

const (
	removedMoon           removedKind = "moon"
	removedRoleName       removedKind = "legacy role name"
	removedOpRoleName     removedKind = "legacy role name of an operation"
	removedMasterResource removedKind = "master resource"
	removedAgentClass     removedKind = "nagios or upstart agent class"
	removedRkt            removedKind = "rkt bundle"
	removedBundleMasters  removedKind = "bundle masters"
	removedRestartType    removedKind = "restart-type"
	removedCanFail        removedKind = "can_fail"
	removedInstance       removedKind = "constraint instance option"
	removedMultiRule      removedKind = "several top-level rules"
	removedPingNode       removedKind = "ping node"
	removedValueless      removedKind = "nvpair without a value"
	removedClusterOption  removedKind = "removed cluster option"
	removedPoweroff       removedKind = "stonith-action poweroff"
	deprecatedDefault     removedKind = "#default value"
	deprecatedSetOrdering removedKind = "resource set ordering"
	renamedFencingNew     removedKind = "cluster option of 3.0.2"
	renamedFencingOld     removedKind = "cluster option 3.0.2 renamed"
)

// removedForm is one row of the table: the release from which the form
// is refused (or, for a rename, read under another name), and what to say.
type removedForm struct {
	since   pcmk.Version
	summary string
	// detail is the diagnostic's text, a full sentence, formatted with the
	// note's arguments.
	detail string
	// upgraded says that the release rewrites the form, with the same
	// meaning, when it upgrades a CIB whose validate-with is older than
	// its own schema (upgrade-3.10-*.xsl for 3.0's pacemaker-4.0): then
	// crm_verify accepts it and the use is a warning; in a CIB written for
	// the new schema, the schema refuses it and the use is an error.
	upgraded bool
	// warning says the form is still read, with a deprecation warning.
	warning bool
	// before inverts the gate: the form is refused by releases before
	// since (a name that release introduced).
	before bool
}

// removedForms are the forms Pacemaker 3.0.0 removed (ChangeLog.md, "CIB:
// drop support for ...") and the cluster options 3.0.2 renamed, each
// checked against 3.0's crm_verify.
var removedForms = map[removedKind]removedForm{
	removedMoon: {since: pcmk.V3_0_0, summary: "Removed date field",
		detail: "Pacemaker 3.0 dropped moon from date specs, and its schema refuses it; leave moon out (3.0 has no replacement for phases of the moon)."},
	removedRoleName: {since: pcmk.V3_0_0, summary: "Removed role name",
		detail: "Pacemaker 3.0 no longer takes the role name %q, and crm_verify refuses it; write %q."},
	removedOpRoleName: {since: pcmk.V3_0_0, warning: true, summary: "Deprecated role name",
		detail: "Pacemaker 3.0 deprecates the role name %q (it still reads it on an operation, but no longer in constraints, rules or target-role); write %q."},
	// Not rewritten on upgrade: 3.0 drops a <master> of an older schema,
	// and its constraints with it (measured: crm_verify then reports
	// them as naming no resource).
	removedMasterResource: {since: pcmk.V3_0_0, summary: "Removed master resource",
		detail: "Pacemaker 3.0 dropped the legacy <master> resource (it drops one from a CIB of an older schema); write a clone block with meta promotable = true instead of master."},
	deprecatedDefault: {since: pcmk.V2_1_8, summary: "Deprecated value",
		detail: "Since 2.1.8 Pacemaker warns that the value \"#default\" is deprecated (unpack_nvpair), and crm_verify fails on the warning; leave %q out of the set, which gives it its default."},
	deprecatedSetOrdering: {since: pcmk.V2_1_8, summary: "Deprecated set ordering",
		detail: "Since 2.1.8 Pacemaker warns that a colocation set's ordering other than \"group\" is deprecated, and crm_verify fails on the warning; leave ordering out, and write the set's members in the order they are to be placed."},
	removedAgentClass: {since: pcmk.V3_0_0, summary: "Removed agent class",
		detail: "Pacemaker 3.0 dropped the %s agent class (it drops such resources when it upgrades the CIB); run the service through a systemd or ocf agent instead, such as systemd:NAME."},
	removedRkt: {since: pcmk.V3_0_0, summary: "Removed container runtime",
		detail: "Pacemaker 3.0 dropped rkt bundles (it drops them when it upgrades the CIB); use a podman or docker block instead of rkt."},
	removedBundleMasters: {since: pcmk.V3_0_0, upgraded: true, summary: "Removed bundle option",
		detail: "Pacemaker 3.0 dropped the bundle option masters, and its schema refuses it; write promoted-max instead."},
	removedRestartType: {since: pcmk.V3_0_0, summary: "Removed meta attribute",
		detail: "Pacemaker 3.0 dropped the %q meta attribute (it drops it when it upgrades the CIB); leave it out, and order the resources that must restart together with an order constraint."},
	removedCanFail: {since: pcmk.V3_0_0, summary: "Removed operation option",
		detail: "Pacemaker 3.0 dropped the operation option %q (it drops it when it upgrades the CIB); write on-fail = \"ignore\" on the operation instead."},
	removedInstance: {since: pcmk.V3_0_0, summary: "Removed constraint option",
		detail: "Pacemaker 3.0 dropped %s (the CIB's %s), and its schema refuses it; constrain the clone as a whole, or use a promotable clone's roles."},
	removedMultiRule: {since: pcmk.V3_0_0, upgraded: true, summary: "Several top-level rules",
		detail: "Pacemaker 3.0 takes one top-level rule in %s; combine the rules into one (with and / or in one rule string), or split the %s into one per rule."},
	removedPingNode: {since: pcmk.V3_0_0, upgraded: true, summary: "Removed node type",
		detail: "Pacemaker 3.0 dropped nodes of type ping, and its schema refuses them; leave the node out, or make it a member node."},
	removedValueless: {since: pcmk.V3_0_0, upgraded: true, summary: "Name without a value",
		detail: "Pacemaker 3.0 drops a name/value pair without a value (its schema requires the value); leave %q out of the set, or give it a value."},
	removedClusterOption: {since: pcmk.V3_0_0, upgraded: true, summary: "Removed cluster option",
		detail: "Pacemaker 3.0 dropped the cluster option %q, and its schema refuses it; %s."},
	removedPoweroff: {since: pcmk.V3_0_0, upgraded: true, summary: "Removed fencing action",
		detail: "Pacemaker 3.0 dropped the fencing action \"poweroff\", and its schema refuses it; write \"off\", which means the same."},
	renamedFencingNew: {since: pcmk.V3_0_2, before: true, summary: "Cluster option of a later release",
		detail: "The cluster option %q is Pacemaker 3.0.2's name for %q; earlier releases ignore it. Write %q, or compile for Pacemaker 3.0.2 or later."},
	// An error: 3.0.2's warning is a configuration warning, on which
	// crm_verify fails (pcmk__verify).
	renamedFencingOld: {since: pcmk.V3_0_2, summary: "Deprecated cluster option",
		detail: "Pacemaker 3.0.2 renamed the cluster option %q to %q; it still reads the old name but with a configuration warning that it is deprecated, on which crm_verify fails. Write %q."},
}

// removedClusterOptions are the cluster options 3.0.0 dropped, with what
// to write instead.
var removedClusterOptions = map[string]string{
	"crmd-finalization-timeout": "write join-finalization-timeout, which means the same",
	"crmd-integration-timeout":  "write join-integration-timeout, which means the same",
	"crmd-transition-delay":     "write transition-delay, which means the same",
	"remove-after-stop":         "leave it out (Pacemaker 3.0 keeps a stopped resource's history, as remove-after-stop = false did)",
}

// Removal is one use in a policy of a form a Pacemaker release removed
// or renamed: for pcl upgrade-check.
type Removal struct {
	// Form names the form ("moon", "legacy role name", ...).
	Form string
	// Since is the release that removed or renamed it.
	Since pcmk.Version
	// Diagnostic is the message, with the offending token's range and the
	// replacement in its detail: an error when the release compiled for
	// refuses the form, a warning when it reads it with a warning or
	// rewrites it on upgrade.
	Diagnostic *hcl.Diagnostic
}

// removalNote is a use of a removed form, noted while lowering.
type removalNote struct {
	kind removedKind
	rng  hcl.Range
	args []any
}

// removed notes a use of the form kind at rng; args fill its detail.
func (l *lowerer) removed(kind removedKind, rng hcl.Range, args ...any) {
	l.removalNotes = append(l.removalNotes, removalNote{kind: kind, rng: rng, args: args})
}

// removedClusterOption notes name when the release compiled for removed
// or renamed it, and reports whether the option checks are to skip it
// (one the release no longer reads).
func (l *lowerer) removedClusterOption(name string, rng hcl.Range) bool {
	if why, ok := removedClusterOptions[name]; ok && l.target.Since(pcmk.V3_0_0) {
		l.removed(removedClusterOption, rng, name, why)
		return true
	}
	if old, ok := optionRenames302[name]; ok && !l.target.Since(pcmk.V3_0_2) {
		l.removed(renamedFencingNew, rng, name, old, old)
		return true
	}
	for now, old := range optionRenames302 {
		if old == name && l.target.Since(pcmk.V3_0_2) {
			// Still read: its value is checked as the new name's.
			l.removed(renamedFencingOld, rng, name, now, now)
			return false
		}
	}
	return false
}

// reportRemovals turns the notes that apply to the release compiled for
// into diagnostics, and keeps them as l.removals.
func (l *lowerer) reportRemovals() {
	l.noteSetRemovals()
	l.checkInstanceOptions()
	newSchema := l.schemaAtLeast(4, 0)
	for _, n := range l.removalNotes {
		form := removedForms[n.kind]
		applies := l.target.Since(form.since)
		if form.before {
			applies = !applies
		}
		if !applies {
			continue
		}
		sev := hcl.DiagError
		detail := fmt.Sprintf(form.detail, n.args...)
		switch {
		case form.warning:
			sev = hcl.DiagWarning
		case form.upgraded && !newSchema:
			sev = hcl.DiagWarning
			detail += fmt.Sprintf(" %s rewrites it when it upgrades this CIB from %s to pacemaker-4.0, so crm_verify accepts it for now.", l.target, l.validateWith())
		}
		d := &hcl.Diagnostic{Severity: sev, Summary: form.summary, Detail: detail, Subject: n.rng.Ptr()}
		l.diags = append(l.diags, d)
		l.removals = append(l.removals, Removal{Form: string(n.kind), Since: form.since, Diagnostic: d})
	}
}

// UpgradeCheck lists the forms of the policy at paths that the release
// target removed or renamed, each with its range and replacement, in
// source order. target wins over the policy's own pacemaker setting; the
// zero Target is the newest release pcl models (3.0.2). diags are the
// policy's other diagnostics for that release, which may hide uses of
// removed forms in what did not lower.
func UpgradeCheck(paths []string, opts Options, target pcmk.Target) ([]Removal, map[string]*hcl.File, hcl.Diagnostics) {
	pol, files, diags := dsl.LoadOverlay(paths, opts.Overlay, opts.ParseCache)
	if diags.HasErrors() {
		return nil, files, diags
	}
	if target.IsZero() {
		target = pcmk.NewTarget(pcmk.V3_0_2, pcmk.FromFlag)
	}
	target.Source = pcmk.FromFlag // wins over the policy's setting
	opts.Target = target
	l, _, d := compileLowered(pol, files, opts)
	var removals []Removal
	var other hcl.Diagnostics
	if l != nil {
		removals = l.removals
	}
	isRemoval := map[*hcl.Diagnostic]bool{}
	for _, r := range removals {
		isRemoval[r.Diagnostic] = true
	}
	for _, x := range append(diags, d...) {
		if !isRemoval[x] {
			other = append(other, x)
		}
	}
	sort.SliceStable(removals, func(i, j int) bool {
		a, b := removals[i].Diagnostic.Subject, removals[j].Diagnostic.Subject
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		return a.Start.Byte < b.Start.Byte
	})
	return removals, files, other
}

// noteLegacyRole notes a legacy role name written at rng.
func (l *lowerer) noteLegacyRole(role string, rng hcl.Range) {
	if now, ok := pcmk.LegacyRole(role); ok {
		l.removed(removedRoleName, rng, role, now.String())
	}
}

// opRoleNoted turns a legacy role name just noted into an operation's,
// which Pacemaker 3.0 still reads (measured with its crm_verify).
func (l *lowerer) opRoleNoted(before int) {
	if n := len(l.removalNotes); n > before && l.removalNotes[n-1].kind == removedRoleName {
		l.removalNotes[n-1].kind = removedOpRoleName
	}
}

// noteRuleRemovals notes the removed forms of a rule string: moon in a
// date spec and legacy role names in its options.
func (l *lowerer) noteRuleRemovals(e *rule.Expr) {
	options := func(opts []rule.Option) {
		for _, o := range opts {
			if o.Name == "role" {
				l.noteLegacyRole(o.Value, o.ValueRange)
			}
		}
	}
	options(e.Options)
	var walk func(n rule.Node)
	walk = func(n rule.Node) {
		switch n := n.(type) {
		case *rule.Chain:
			for _, o := range n.Operands {
				walk(o)
			}
		case *rule.Group:
			options(n.Options)
			walk(n.Inner)
		case *rule.Not:
			walk(n.Operand)
		case *rule.Date:
			for _, f := range n.Spec {
				if f.Name == "moon" {
					l.removed(removedMoon, f.NameRange)
				}
			}
		}
	}
	walk(e.Root)
}

// removedMetas are the meta attributes 3.0.0 dropped: restart-type of
// resources, can_fail (can-fail) and role_after_failure of operations.
var removedMetas = map[string]removedKind{
	"restart-type": removedRestartType, "can_fail": removedCanFail, "can-fail": removedCanFail,
	"role_after_failure": removedCanFail,
}

// noteSetRemovals notes the removed forms of the configuration's
// name/value sets: several top-level rules in one set, pairs without a
// value, the dropped meta attributes; and of location constraints:
// several top-level rules.
func (l *lowerer) noteSetRemovals() {
	for _, s := range ir.FindAll[ir.NVSet](l.cfg) {
		if len(s.Rules) > 1 {
			l.removed(removedMultiRule, s.Rules[1].DeclRange, "a name/value set", "set")
		}
		for _, p := range s.Pairs {
			if p.IDRef == "" && p.Value == nil && p.Name != "" {
				l.removed(removedValueless, p.DeclRange, p.Name)
			}
			if p.Value != nil && defaultMarker(*p.Value) {
				l.removed(deprecatedDefault, p.DeclRange, p.Name)
			}
			if kind, ok := removedMetas[p.Name]; ok && s.Kind == ir.MetaAttributes {
				l.removed(kind, p.DeclRange, p.Name)
			}
		}
	}
	for _, c := range l.cfg.Constraints {
		if loc, ok := c.(*ir.Location); ok && len(loc.Rules) > 1 {
			l.removed(removedMultiRule, loc.Rules[1].DeclRange, "a location constraint", "constraint")
		}
	}
}

// checkInstanceOptions refuses, before 3.0 (which removed them), the
// constraint instance options: only the pacemaker-next schema has
// with-rsc-instance and rsc-instance, and even under it Pacemaker warns
// that they and the schema are deprecated, a warning crm_verify fails on
// (measured with 2.1.5's).
func (l *lowerer) checkInstanceOptions() {
	if l.target.Since(pcmk.V3_0_0) {
		return
	}
	for _, n := range l.removalNotes {
		if n.kind != removedInstance || len(n.args) < 2 {
			continue
		}
		l.diags = append(l.diags, errorAt(n.rng, "Unsupported constraint option",
			"%v (%v in the CIB) exists only in the deprecated pacemaker-next schema, and even there Pacemaker warns that it is deprecated, which makes crm_verify fail; %s removed it. Leave it out.",
			n.args[0], n.args[1], pcmk.V3_0_0))
	}
}
