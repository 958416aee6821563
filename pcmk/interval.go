package pcmk

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// ParseInterval reads Pacemaker's interval syntax, in which operation
// intervals and timeouts are written, exactly as Pacemaker reads it
// (ParseIntervalSpec) and gives the length in milliseconds: an ISO 8601
// duration starting with P, or a number with an optional unit (ms, msec,
// us, usec, s, sec, m, min, h, hr; none means seconds), the unit known by
// how it starts ("10 secs" is 10 s, "1 minute" 60 s) and a decimal read
// for its whole part ("1.5s" is 1 s). The error says, for a text
// Pacemaker refuses, what was expected.
func ParseInterval(text string) (ms int64, err error) {
	t := strings.Trim(text, pacemakerSpace)
	if t == "" {
		return 0, fmt.Errorf("an empty string is not a duration")
	}
	if ms, ok := ParseIntervalSpec(text); ok {
		return ms, nil
	}
	if t[0] == 'P' {
		if text[0] != 'P' {
			// crm_parse_interval_spec looks for the P at the very start.
			return 0, fmt.Errorf("%q is not a duration: an ISO 8601 duration starts with P, without space before it", text)
		}
		_, err := parseISODuration(t)
		return 0, err
	}
	if t[0] < '0' || t[0] > '9' {
		return 0, fmt.Errorf("%q is not a duration: expected a number with an optional unit (ms, s, m, h) or an ISO 8601 duration such as PT30S", text)
	}
	return 0, fmt.Errorf("%q is not a duration: unknown unit (use ms, s, m or h)", text)
}

// parseISODuration reads PnYnMnDTnHnMnS (and PnW) with whole numbers;
// months count 30 days and years 365, as Pacemaker's crm_time does for
// intervals.
func parseISODuration(t string) (time.Duration, error) {
	bad := func() (time.Duration, error) {
		return 0, fmt.Errorf("%q is not an ISO 8601 duration such as P1D or PT30S", t)
	}
	s := t[1:]
	if s == "" {
		return bad()
	}
	var total time.Duration
	inTime, units := false, 0
	for s != "" {
		if s[0] == 'T' {
			inTime = true
			s = s[1:]
			continue
		}
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == 0 || i == len(s) {
			return bad()
		}
		n, err := strconv.ParseInt(s[:i], 10, 64)
		if err != nil {
			return bad()
		}
		// Like crm_time_parse_duration, only M depends on the T separator
		// (months before it, minutes after); the other units are accepted
		// on either side, so "P30S" is thirty seconds.
		var unit time.Duration
		switch s[i] {
		case 'Y':
			unit = 365 * 24 * time.Hour
		case 'W':
			unit = 7 * 24 * time.Hour
		case 'D':
			unit = 24 * time.Hour
		case 'H':
			unit = time.Hour
		case 'S':
			unit = time.Second
		case 'M':
			unit = time.Minute
			if !inTime {
				unit = 30 * 24 * time.Hour
			}
		default:
			return bad()
		}
		total += time.Duration(n) * unit
		units++
		s = s[i+1:]
	}
	if units == 0 {
		return bad()
	}
	return total, nil
}
