package compiler

import (
	"strings"

	"pcl/ir"
	"pcl/pcmk"
)

// metaEnums are the meta attributes Pacemaker 2.1.5 reads as one of a
// list, without regard to case; any other value makes crm_verify fail
// ("default" leaves target-role and is-managed unset).
var metaEnums = map[string][]string{
	"target-role":     append(append([]string(nil), pcmk.RoleNames...), "default"),
	"requires":        {"nothing", "quorum", "fencing", "unfencing"},
	"multiple-active": {"block", "stop_only", "stop_start", "stop_unexpected"},
}

// metaBooleans are the meta attributes Pacemaker reads with crm_is_true: a
// value that is not a boolean counts as false.
var metaBooleans = map[string]string{
	"is-managed":            "the resource will not be managed: Pacemaker will neither start, stop nor recover it",
	"maintenance":           "the resource is not in maintenance mode",
	"allow-migrate":         "the resource is moved by stop and start, not live-migrated",
	"critical":              "the resource's colocations are not critical",
	"globally-unique":       "the clone is anonymous",
	"notify":                "no notifications are sent",
	"interleave":            "the clone is not interleaved",
	"ordered":               "instances start in parallel",
	"promotable":            "the clone is not promotable",
	"remote-allow-migrate":  "the remote connection is not live-migrated",
	"allow-unhealthy-nodes": "the resource is kept off unhealthy nodes",
}

// metaNumbers are the meta attributes Pacemaker reads as a whole number or
// a score: it reads the digits a value starts with, and 0 when there are
// none.
var metaNumbers = map[string]bool{
	"priority": true, "resource-stickiness": true, "migration-threshold": true,
	"clone-max": true, "clone-node-max": true, "clone-min": true,
	"promoted-max": true, "promoted-node-max": true, "master-max": true, "master-node-max": true,
}

// scoredMeta are the meta attributes Pacemaker 3.0 reads with
// pcmk_parse_score, warning about a value that holds no number.
var scoredMeta = map[string]bool{"priority": true, "resource-stickiness": true, "migration-threshold": true}

// defaultDeprecated are the meta attributes whose value "default"
// Pacemaker deprecates since 2.1.8 with a configuration warning
// (unpack_priority and its neighbours in complex.c).
var defaultDeprecated = map[string]bool{"target-role": true, "is-managed": true, "resource-stickiness": true, "migration-threshold": true}

// checkMetaValue reports a meta attribute value Pacemaker refuses (an
// error) or reads differently than written (a warning saying how).
func (l *lowerer) checkMetaValue(p *ir.NVPair, v string) {
	if p.Name == "target-role" {
		l.noteLegacyRole(v, p.DeclRange)
	}
	if defaultDeprecated[p.Name] && strings.EqualFold(v, "default") && l.target.Since(pcmk.V2_1_8) {
		l.diags = append(l.diags, errorAt(p.DeclRange, "Deprecated meta value",
			"Since 2.1.8 Pacemaker warns that %s = \"default\" is deprecated, and crm_verify fails on the warning; leave %q unset for its default.", p.Name, p.Name))
		return
	}
	if allowed, ok := metaEnums[p.Name]; ok {
		for _, a := range allowed {
			if strings.EqualFold(a, v) {
				return
			}
		}
		l.diags = append(l.diags, errorAt(p.DeclRange, "Invalid meta attribute",
			"The meta attribute %q takes one of %s; %q is not one%s, and crm_verify refuses it.",
			p.Name, strings.Join(allowed, ", "), v, suggestion(v, allowed)))
		return
	}
	if consequence, ok := metaBooleans[p.Name]; ok {
		if _, isBool := ir.ParseBool(v); !isBool && v != "default" {
			l.diags = append(l.diags, warningAt(p.DeclRange, "Invalid meta attribute",
				"The meta attribute %q takes a boolean (true, false, yes, no, on, off, 1, 0); Pacemaker reads %q as false, so %s.", p.Name, v, consequence))
		}
		return
	}
	if metaNumbers[p.Name] {
		if p.Name == "migration-threshold" && negativeScore(v) {
			l.diags = append(l.diags, errorAt(p.DeclRange, "Negative migration-threshold",
				"migration-threshold = %q is negative; Pacemaker uses 1 instead with a configuration warning, and crm_verify fails on it. Write 0 to never move the resource away for failures.", v))
			return
		}
		switch strings.ToUpper(strings.TrimSpace(v)) {
		case "INFINITY", "+INFINITY", "-INFINITY", "RED", "YELLOW", "GREEN":
			return
		}
		n, rest, ok := pcmk.ScanLL(v)
		switch {
		case !ok && scoredMeta[p.Name] && l.target.Since(pcmk.V3_0_0):
			// pcmk_parse_score, and a configuration warning when it
			// finds no number (complex.c, since 3.0.0).
			l.diags = append(l.diags, errorAt(p.DeclRange, "Invalid meta attribute",
				"The meta attribute %q takes a score (a whole number or INFINITY); %s refuses %q with a configuration warning, and crm_verify with it.", p.Name, l.target, v))
		case !ok:
			l.diags = append(l.diags, warningAt(p.DeclRange, "Invalid meta attribute",
				"The meta attribute %q takes a whole number; %q is not one, and Pacemaker reads it as 0 (or the attribute's minimum).", p.Name, v))
		case rest != "":
			l.diags = append(l.diags, warningAt(p.DeclRange, "Invalid meta attribute",
				"The meta attribute %q takes a whole number; Pacemaker reads %q as %d and ignores %q.", p.Name, v, n, rest))
		}
		return
	}
	if p.Name == "failure-timeout" {
		if _, ok := pcmk.ParseIntervalSpec(v); !ok {
			l.diags = append(l.diags, warningAt(p.DeclRange, "Invalid meta attribute",
				"The meta attribute \"failure-timeout\" takes a duration such as 10min; Pacemaker cannot read %q and failures never expire.", v))
		}
	}
}

// negativeScore tells whether char2score reads v as below zero.
func negativeScore(v string) bool {
	if strings.EqualFold(strings.TrimSpace(v), "-INFINITY") {
		return true
	}
	n, _, ok := pcmk.ScanLL(v)
	return ok && n < 0
}
