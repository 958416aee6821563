package compiler

import (
	"fmt"
	"strings"

	"pcl/ir"
	"pcl/pcmk"
)

//go:generate go run ./internal/genoptions -dir testdata/pacemaker -out options_gen.go

// optionSpec is one option of a Pacemaker daemon's metadata: the daemon
// that prints it, its type (boolean, integer, time, percentage, select,
// string), its default and, for a select, the values it takes.
type optionSpec struct {
	Daemon  string
	Type    string
	Default string
	Values  []string
	// Desc and Long are the metadata's shortdesc and longdesc (English),
	// for editors (OptionDoc).
	Desc, Long string
}

// schedulerDaemon is the daemon whose options crm_verify checks: a value it
// refuses makes crm_verify fail, while the controller and the CIB manager
// fall back to the default at run time.
const schedulerDaemon = "pacemaker-schedulerd"

// legacyClusterOptions are the old names Pacemaker 2.1.5 still reads (with
// a deprecation warning) for options its metadata lists under new names.
var legacyClusterOptions = map[string]string{
	"crmd-integration-timeout":  "join-integration-timeout",
	"crmd-finalization-timeout": "join-finalization-timeout",
	"crmd-transition-delay":     "transition-delay",
}

// caseSensitiveOptions are the select options whose check compares case:
// pcmk__is_fencing_action does, the quorum, health and placement checks do
// not.
var caseSensitiveOptions = map[string]bool{"stonith-action": true, "fencing-action": true}

// clusterOptionsWrittenByPacemaker are cluster properties Pacemaker's own
// tools write, which no daemon's metadata lists.
var clusterOptionsWrittenByPacemaker = map[string]bool{
	"last-lrm-refresh": true, // crm_resource --refresh
}

// defaultMarker tells whether v is "#default", which any name/value pair
// may hold: Pacemaker then drops the pair and uses the default.
func defaultMarker(v string) bool { return strings.EqualFold(v, "#default") }

// checkClusterOptions checks every cluster option of s by name and type
// against the option metadata of the release compiled for (l.opts): a
// value crm_verify refuses is an error; an unknown name, a value only the
// controller refuses, and a value Pacemaker reads differently than written
// are warnings saying what Pacemaker will do. Names the release removed
// are removed.go's to report.
func (l *lowerer) checkClusterOptions(s *ir.NVSet) {
	if s == nil {
		return
	}
	o := l.opts
	for _, p := range s.Pairs {
		if p.Name == "" || l.removedClusterOption(p.Name, p.DeclRange) {
			continue
		}
		if o.refused[p.Name] {
			l.diags = append(l.diags, errorAt(p.DeclRange, "Unsupported cluster option",
				"The CIB schema, and crm_verify with it, refuses the legacy cluster option %q%s.", p.Name, o.legacyReplacement(p.Name)))
			continue
		}
		spec, known := o.cluster[p.Name]
		if !known && clusterOptionsWrittenByPacemaker[p.Name] {
			continue
		}
		if now, ok := o.legacy[p.Name]; ok && !known {
			if _, renamed := optionRenames302[now]; !renamed {
				l.diags = append(l.diags, warningAt(p.DeclRange, "Deprecated cluster option",
					"Pacemaker %s reads %q as %q but warns that the old name will be removed; write %q.", o.release, p.Name, now, now))
				continue
			}
			// removed.go noted the old name; its value is the new one's.
			spec, known = o.cluster[now], true
		}
		if !known {
			l.diags = append(l.diags, warningAt(p.DeclRange, "Unknown cluster option",
				"Pacemaker %s has no cluster option %q%s; it will be ignored.", o.release, p.Name, suggestion(p.Name, o.names)))
			continue
		}
		if p.Value == nil || defaultMarker(*p.Value) {
			continue
		}
		v := *p.Value
		if p.Name == "cluster-infrastructure" {
			switch v {
			case "heartbeat", "openais", "classic openais", "classic openais (with plugin)", "cman":
				l.diags = append(l.diags, errorAt(p.DeclRange, "Unsupported cluster option",
					"The CIB schema, and crm_verify with it, refuses cluster-infrastructure %q, a stack Pacemaker 2 does not run on.", v))
			}
			continue
		}
		if p.Name == "no-quorum-policy" && strings.EqualFold(v, "fence") {
			// 2.1.9 added it; the tables of 2.1.5 (which 2.1.9 uses) do
			// not list it.
			if !l.target.Since(pcmk.V2_1_9) {
				l.diags = append(l.diags, errorAt(p.DeclRange, "Invalid cluster option",
					"no-quorum-policy \"fence\" is new in Pacemaker 2.1.9; %s refuses it, and crm_verify with it. Write \"stop\" (or compile for Pacemaker 2.1.9 or later).", l.target))
			}
			continue
		}
		if (p.Name == "stonith-action" || p.Name == "fencing-action") && v == "poweroff" && l.target.Since(pcmk.V3_0_0) {
			l.removed(removedPoweroff, p.DeclRange)
			continue
		}
		if o == options215 && p.Name == "stonith-action" && v == "poweroff" {
			l.diags = append(l.diags, errorAt(p.DeclRange, "Deprecated fencing action",
				"Pacemaker 2.1.5 reads stonith-action \"poweroff\" as \"off\" but reports the deprecated alias as a configuration warning, which makes crm_verify fail; write \"off\"."))
			continue
		}
		valid, reading := optionValue(p.Name, spec, v)
		switch {
		case !valid && (spec.Daemon == schedulerDaemon || l.target.Since(pcmk.V3_0_0)):
			// Since 3.0.0 crm_verify checks every daemon's cluster
			// options (pcmk__validate_cluster_options).
			l.diags = append(l.diags, errorAt(p.DeclRange, "Invalid cluster option",
				"The cluster option %q takes %s; %q is not one%s, and crm_verify refuses it (the scheduler would use the default %q).",
				p.Name, typeWords(spec), v, suggestion(v, spec.Values), spec.Default))
		case !valid:
			l.diags = append(l.diags, warningAt(p.DeclRange, "Invalid cluster option",
				"The cluster option %q takes %s; %q is not one%s, so %s will ignore it and use the default %q.",
				p.Name, typeWords(spec), v, suggestion(v, spec.Values), spec.Daemon, spec.Default))
		case reading != "":
			l.diags = append(l.diags, warningAt(p.DeclRange, "Inexact cluster option",
				"Pacemaker reads the value %q of the cluster option %q as %s.", v, p.Name, reading))
		}
	}
}

// legacyReplacement names what to write instead of a cluster option name
// the schema refuses.
func (o *releaseOptions) legacyReplacement(name string) string {
	dashed := strings.ReplaceAll(name, "_", "-")
	switch dashed {
	case "default-resource-stickiness":
		return "; set resource-stickiness in rsc_defaults instead"
	case "is-managed-default":
		return "; set is-managed in rsc_defaults instead"
	case "default-action-timeout":
		return "; set timeout in op_defaults instead"
	case "default-migration-threshold":
		return "; set migration-threshold in rsc_defaults instead"
	}
	if _, ok := o.cluster[dashed]; ok && dashed != name {
		return fmt.Sprintf("; write %q", dashed)
	}
	return ""
}

// typeWords says in words what values an option of spec's type takes.
func typeWords(spec optionSpec) string {
	switch spec.Type {
	case "boolean":
		return "a boolean (true, false, yes, no, on, off, 1, 0)"
	case "integer":
		return "an integer (or INFINITY, -INFINITY)"
	case "time":
		return "a duration such as 60s, 5min or PT1M"
	case "percentage":
		return "a percentage such as 80%"
	case "select":
		return "one of " + strings.Join(spec.Values, ", ")
	}
	return "a " + spec.Type
}

// optionValue checks v as Pacemaker 2.1.5's validator for spec's type does
// (pcmk__valid_boolean, pcmk__valid_number, pcmk__valid_interval_spec,
// pcmk__valid_percentage and the select checks). valid is false when
// Pacemaker refuses v; reading, when not empty, says how Pacemaker reads a
// value it accepts but that does not mean what it says.
func optionValue(name string, spec optionSpec, v string) (valid bool, reading string) {
	switch spec.Type {
	case "boolean":
		// crm_str_to_boolean compares the whole text: " off" is refused.
		_, ok := ir.ParseBool(v)
		return ok && strings.TrimSpace(v) == v, ""
	case "integer":
		switch v {
		case "INFINITY", "+INFINITY", "-INFINITY":
			return true, ""
		}
		n, rest, ok := pcmk.ScanLL(v)
		if !ok {
			return false, ""
		}
		if rest != "" {
			return true, fmt.Sprintf("%d, ignoring %q", n, rest)
		}
		return true, ""
	case "time":
		ms, ok := pcmk.ParseIntervalSpec(v)
		if !ok {
			return false, ""
		}
		if pcmk.IntervalFraction(v) {
			return true, fmt.Sprintf("%d ms", ms)
		}
		return true, ""
	case "percentage":
		_, rest, ok := pcmk.ScanLL(v)
		return ok && strings.HasPrefix(rest, "%") && !strings.HasPrefix(strings.TrimSpace(v), "-"), ""
	case "select":
		for _, a := range spec.Values {
			if a == v || (!caseSensitiveOptions[name] && strings.EqualFold(a, v)) {
				return true, ""
			}
		}
		return false, ""
	}
	return true, ""
}
