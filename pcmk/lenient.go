package pcmk

import (
	"math"
	"strconv"
	"strings"
)

// This file reads numbers and durations with the leniency of Pacemaker's
// option validators, so that a checker can tell a value Pacemaker refuses
// from one it accepts but reads differently than written ("10abc" as 10,
// "1.5s" as one second).

// ScanLL reads an integer as pcmk__scan_ll does (strtoll in base 10): it
// skips leading white space, takes an optional sign and digits, and
// returns the rest of the text unread. ok is false when there are no
// digits or the number overflows: Pacemaker's option validators refuse
// those.
func ScanLL(text string) (n int64, rest string, ok bool) {
	t := strings.TrimLeft(text, " \t\n\v\f\r")
	i := 0
	if i < len(t) && (t[i] == '+' || t[i] == '-') {
		i++
	}
	start := i
	for i < len(t) && isDigit(t[i]) {
		i++
	}
	if i == start {
		return 0, text, false
	}
	n, err := strconv.ParseInt(t[:i], 10, 64)
	if err != nil {
		return 0, t[i:], false
	}
	return n, t[i:], true
}

// pacemakerSpace is the white space Pacemaker's number readers skip
// (WHITESPACE in lib/common/strings.c).
const pacemakerSpace = " \t\n\r\f"

// ParseIntervalSpec reads a duration as crm_parse_interval_spec does in
// Pacemaker 2.1.5: an ISO 8601 duration when the text starts with "P",
// otherwise crm_get_msec's reading, which skips leading white space, takes
// the integer part of a number made of digits and dots, and matches the
// unit by its first letters ("10sx" is ten seconds, "1.5s" one second). ok
// is false when Pacemaker refuses the text.
func ParseIntervalSpec(text string) (ms int64, ok bool) {
	if strings.HasPrefix(text, "P") {
		d, err := parseISODuration(text)
		if err != nil {
			return 0, false
		}
		return d.Milliseconds(), true
	}
	t := strings.TrimLeft(text, pacemakerSpace)
	numLen := 0
	for numLen < len(t) && (isDigit(t[numLen]) || t[numLen] == '.') {
		numLen++
	}
	if numLen == 0 {
		return 0, false
	}
	units := strings.ToLower(strings.TrimLeft(t[numLen:], pacemakerSpace))
	mult, div := int64(1000), int64(1)
	switch {
	case strings.HasPrefix(units, "ms"):
		mult = 1
	case strings.HasPrefix(units, "us"):
		mult, div = 1, 1000
	case strings.HasPrefix(units, "s"):
	case strings.HasPrefix(units, "m"):
		mult = 60 * 1000
	case strings.HasPrefix(units, "h"):
		mult = 60 * 60 * 1000
	case units != "" && units[0] != '\n' && units[0] != '\r':
		return 0, false
	}
	n, _, scanned := ScanLL(t)
	if !scanned {
		if !isDigit(t[0]) {
			return 0, false
		}
		n = math.MaxInt64 // strtoll clips an overflowing number
	}
	if n > math.MaxInt64/mult {
		return math.MaxInt64, true
	}
	return n * mult / div, true
}

// IntervalFraction reports whether an interval written as a number has
// a fractional part, which Pacemaker drops ("1.5s" is 1 s): worth a word
// to whoever wrote it.
func IntervalFraction(text string) bool {
	t := strings.TrimLeft(text, pacemakerSpace)
	if strings.HasPrefix(t, "P") {
		return false
	}
	i := 0
	for i < len(t) && isDigit(t[i]) {
		i++
	}
	return i > 0 && i < len(t) && t[i] == '.'
}
