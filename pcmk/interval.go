package pcmk

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// ParseInterval reads Pacemaker's interval syntax (crm_parse_interval_spec),
// in which operation intervals and timeouts are written, and gives the
// length in milliseconds: an ISO 8601 duration starting with P, or a
// number with an optional unit (ms, msec, us, usec, s, sec, m, min, h, hr;
// none means seconds).
func ParseInterval(text string) (ms int64, err error) {
	t := strings.Trim(text, pacemakerSpace)
	if t == "" {
		return 0, fmt.Errorf("an empty string is not a duration")
	}
	if t[0] == 'P' {
		if text[0] != 'P' {
			// crm_parse_interval_spec looks for the P at the very start.
			return 0, fmt.Errorf("%q is not a duration: an ISO 8601 duration starts with P, without space before it", text)
		}
		d, err := parseISODuration(t)
		if err != nil {
			return 0, err
		}
		return d.Milliseconds(), nil
	}
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, fmt.Errorf("%q is not a duration: expected a number with an optional unit (ms, s, m, h) or an ISO 8601 duration such as PT30S", text)
	}
	n, err := strconv.ParseInt(t[:i], 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a duration: %v", text, err)
	}
	var mult float64
	switch strings.ToLower(strings.Trim(t[i:], pacemakerSpace)) {
	case "", "s", "sec":
		mult = 1000
	case "ms", "msec":
		mult = 1
	case "us", "usec":
		mult = 0.001
	case "m", "min":
		mult = 60000
	case "h", "hr":
		mult = 3600000
	default:
		return 0, fmt.Errorf("%q is not a duration: unknown unit %q (use ms, s, m or h)", text, t[i:])
	}
	return int64(float64(n) * mult), nil
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
