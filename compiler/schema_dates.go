package compiler

import (
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"pcl/ir"
)

// Before pacemaker-3.9, the CIB schema's date_spec and duration take only
// hours, monthdays, weekdays, yearsdays, months, weeks, years, weekyears
// and moon: seconds, minutes, days and yeardays are refused (rule-3.5.rng,
// which pacemaker-3.7 uses). pacemaker-3.9 takes them all.

// schemaDateFields reports whether the CIB's validate-with takes seconds,
// minutes, days and yeardays in dates.
func (l *lowerer) schemaDateFields() bool {
	return l.validateWith() == "none" || l.schemaAtLeast(3, 9)
}

func (l *lowerer) validateWith() string {
	for _, a := range l.attrs {
		if a.Name == "validate-with" {
			return a.Value
		}
	}
	return ""
}

// schemaAtLeast reports whether the CIB is validated with pacemaker-major.minor
// or a later schema; "none" and unknown schemas are not.
func (l *lowerer) schemaAtLeast(major, minor int) bool {
	rest, ok := strings.CutPrefix(l.validateWith(), "pacemaker-")
	if !ok {
		return false
	}
	if rest == "next" {
		return true
	}
	maStr, miStr, _ := strings.Cut(rest, ".")
	ma, err1 := strconv.Atoi(maStr)
	mi, err2 := strconv.Atoi(miStr)
	return err1 == nil && err2 == nil && (ma > major || (ma == major && mi >= minor))
}

// checkDateFields reports the fields of a date expression's date_spec or
// duration that the CIB's schema refuses.
func (l *lowerer) checkDateFields(d *ir.DateExpression, rng hcl.Range) {
	if l.schemaDateFields() {
		return
	}
	for _, part := range []struct {
		what string
		spec *ir.DateSpec
	}{{"date_spec", d.Spec}, {"duration", d.Duration}} {
		if part.spec == nil {
			continue
		}
		for _, f := range []struct{ name, value string }{
			{"seconds", part.spec.Seconds}, {"minutes", part.spec.Minutes}, {"days", part.spec.Days}, {"yeardays", part.spec.Yeardays},
		} {
			if f.value == "" {
				continue
			}
			l.diags = append(l.diags, errorAt(rng, "Date field the schema refuses",
				"The CIB schema before pacemaker-3.9 has no %s in a %s, so crm_verify refuses %s=%s. Express it in hours or weeks, or set validate-with = \"pacemaker-3.9\" in the cib block.",
				f.name, part.what, f.name, f.value))
		}
	}
}
