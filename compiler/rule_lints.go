package compiler

import (
	"strconv"
	"strings"
	"time"

	"pcl/dsl/rule"
	"pcl/pcmk"
)

// This file holds the rule lints: rules Pacemaker accepts but that almost
// surely do not say what was meant, each with what Pacemaker will do.

// typeLookalikes are prefixes written as if they were a comparison type;
// the rule grammar takes only string, integer, number and version.
var typeLookalikes = map[string]string{
	"float": "number", "double": "number", "decimal": "number", "numeric": "number", "real": "number",
	"int": "integer", "long": "integer", "str": "string", "text": "string", "ver": "version",
}

// lintCompare reports a type-like prefix that is not a type, and a value
// the comparison's type cannot read.
func (lw *ruleLowerer) lintCompare(c *rule.Compare) {
	if c.Type == "" {
		if prefix, rest, ok := strings.Cut(c.Attribute, ":"); ok && rest != "" {
			if typ, looks := typeLookalikes[strings.ToLower(prefix)]; looks {
				lw.warnf(c.AttributeRange, "Not a comparison type",
					"%q is not a comparison type (string, integer, number, version), so Pacemaker compares the node attribute named %q, which is probably not meant; write %s:%s.",
					prefix, c.Attribute, typ, rest)
			}
		}
	}
	if c.Value == nil || (c.Value.Source != "" && !strings.EqualFold(c.Value.Source, "literal")) {
		return
	}
	v := c.Value.Text
	readable := true
	switch strings.ToLower(c.Type) {
	case "integer":
		_, _, readable = pcmk.ScanLL(v)
	case "number":
		_, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		readable = err == nil
	}
	if !readable {
		lw.warnf(c.Value.Range, "Value is not of the comparison's type",
			"%q is not %s, so Pacemaker gives up the %s comparison and compares the attribute and %q as strings.",
			v, map[string]string{"integer": "an integer", "number": "a number"}[strings.ToLower(c.Type)], strings.ToLower(c.Type), v)
	}
}

// specDomains are the values each date_spec field can take; years and
// weekyears are unbounded.
var specDomains = map[string][2]int64{
	"seconds": {0, 59}, "minutes": {0, 59}, "hours": {0, 23}, "monthdays": {1, 31},
	"weekdays": {1, 7}, "yeardays": {1, 366}, "months": {1, 12}, "weeks": {1, 53}, "moon": {0, 7},
}

// lintRange reports a date_spec range that matches no time: one that ends
// before it starts, or lies wholly outside the field's values. Pacemaker
// checks N-M as N <= value <= M, so such a date_spec is never true.
func (lw *ruleLowerer) lintRange(f rule.Field) {
	v := strings.TrimSpace(f.Value)
	lo, hi, dash := strings.Cut(v, "-")
	if !dash {
		hi = lo
	}
	low, errLo := strconv.ParseInt(lo, 10, 64)
	high, errHi := strconv.ParseInt(hi, 10, 64)
	if errLo == nil && errHi == nil && low > high {
		lw.warnf(f.ValueRange, "Empty date_spec range",
			"The range %s=%s ends before it starts; Pacemaker tests %d <= %s <= %d, which no time meets, so this date_spec never matches (a range does not wrap around).",
			f.Name, f.Value, low, f.Name, high)
		return
	}
	dom, bounded := specDomains[strings.ToLower(f.Name)]
	if !bounded {
		return
	}
	outside := (errLo == nil && low > dom[1]) || (errHi == nil && high < dom[0])
	if outside {
		lw.warnf(f.ValueRange, "Date_spec range out of bounds",
			"The field %s runs from %d to %d, so %s=%s matches no time and Pacemaker never matches this date_spec.",
			f.Name, dom[0], dom[1], f.Name, f.Value)
	}
}

// lintDateRange reports a date range (date in start=... end=...) whose
// end comes before its start. Pacemaker tests start <= now <= end, which
// no time meets, so the expression is never true. Dates it cannot read
// are checkDate's to report.
func (lw *ruleLowerer) lintDateRange(d *rule.Date) {
	if !strings.EqualFold(d.Op, "in_range") || d.Start == nil || d.End == nil {
		return
	}
	// A fixed clock: a time without a date or offset is read the same way
	// for both ends.
	clock := func() time.Time { return time.Unix(0, 0).UTC() }
	start, errStart := pcmk.ParseCRMTime(d.Start.Value, clock)
	end, errEnd := pcmk.ParseCRMTime(d.End.Value, clock)
	if errStart != nil || errEnd != nil || end.Compare(start) >= 0 {
		return
	}
	lw.warnf(d.End.ValueRange, "Date range ending before it starts",
		"The range ends at %s, before it starts at %s; Pacemaker tests start <= now <= end, which no time meets, so this date expression is never true (swap start and end).",
		d.End.Value, d.Start.Value)
}
