package ruleeval

import (
	"math"
	"strconv"
	"strings"

	"pcl/pcmk"
)

// acceptAttr is Pacemaker's test of one attribute expression: have is the
// node's value and value the expression's (nil when missing).
func acceptAttr(have, value *string, typ, op string) bool {
	switch {
	case strings.EqualFold(op, "defined"):
		return have != nil
	case strings.EqualFold(op, "not_defined"):
		return have == nil
	}
	cmp := compareValues(have, value, typ, op)
	switch {
	case strings.EqualFold(op, "eq"):
		return cmp == 0
	case strings.EqualFold(op, "ne"):
		return cmp != 0
	case have == nil || value == nil:
		return false
	case strings.EqualFold(op, "lt"):
		return cmp < 0
	case strings.EqualFold(op, "lte"):
		return cmp <= 0
	case strings.EqualFold(op, "gt"):
		return cmp > 0
	case strings.EqualFold(op, "gte"):
		return cmp >= 0
	}
	return false
}

func isOrdering(op string) bool {
	for _, o := range []string{"lt", "lte", "gt", "gte"} {
		if strings.EqualFold(op, o) {
			return true
		}
	}
	return false
}

// compareValues orders l and r by type. Without a type, orderings compare
// as numbers when either value has a decimal point and as integers
// otherwise, and eq/ne compare as strings. Values that do not parse as
// the type compare as strings; strings compare without regard to case.
// An unknown type makes everything equal, as in Pacemaker.
func compareValues(l, r *string, typ, op string) int {
	switch {
	case l == nil && r == nil:
		return 0
	case r == nil:
		return 1
	case l == nil:
		return -1
	}
	if typ == "" {
		switch {
		case !isOrdering(op):
			typ = "string"
		case strings.Contains(*l, ".") || strings.Contains(*r, "."):
			typ = "number"
		default:
			typ = "integer"
		}
	}
	switch strings.ToLower(typ) {
	case "string":
		return strcasecmp(*l, *r)
	case "integer":
		a, ok1 := scanLL(*l)
		b, ok2 := scanLL(*r)
		if !ok1 || !ok2 {
			return strcasecmp(*l, *r)
		}
		return cmp3(a < b, a > b)
	case "number":
		a, ok1 := scanDouble(*l)
		b, ok2 := scanDouble(*r)
		if !ok1 || !ok2 {
			return strcasecmp(*l, *r)
		}
		return cmp3(a < b, a > b)
	case "version":
		return pcmk.CompareVersions(*l, *r)
	}
	return 0
}

func cmp3(less, greater bool) int {
	switch {
	case less:
		return -1
	case greater:
		return 1
	}
	return 0
}

// strcasecmp compares bytes with ASCII letters folded to lower case.
func strcasecmp(a, b string) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		ca, cb := lower(a[i]), lower(b[i])
		if ca != cb {
			return cmp3(ca < cb, ca > cb)
		}
	}
	return cmp3(len(a) < len(b), len(a) > len(b))
}

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// scanLL reads an integer as strtoll does (leading space, sign, digits,
// anything after ignored); ok is false without digits or on overflow.
func scanLL(s string) (int64, bool) {
	v, _, ok := scanLLPrefix(s)
	return v, ok
}

// scanLLPrefix is scanLL that also returns the text after the number.
func scanLLPrefix(s string) (int64, string, bool) { return pcmk.ScanLL(s) }

// dblMin is C's DBL_MIN, the smallest normal double.
const dblMin = 2.2250738585072014e-308

// scanDouble reads a number as strtod does and Pacemaker checks it: ok is
// false without a number, on overflow, and on underflow (which Pacemaker
// also sees in "-0": a zero written with anything but 0 . e E).
func scanDouble(s string) (float64, bool) {
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	end := floatPrefix(s[i:])
	if end == 0 {
		return 0, false
	}
	text := s[i : i+end]
	v, err := strconv.ParseFloat(text, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); !ok || ne.Err != strconv.ErrRange {
			return 0, false
		}
		if math.IsInf(v, 0) {
			return 0, false
		}
	}
	if math.Abs(v) <= dblMin && !math.IsInf(v, 0) && !math.IsNaN(v) {
		if strings.Trim(text, "0.eE") != "" {
			return 0, false
		}
	}
	return v, true
}

// floatPrefix is the length of the longest prefix of s that strtod reads:
// a sign, then inf, infinity, nan, or a decimal or hexadecimal number.
func floatPrefix(s string) int {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	rest := strings.ToLower(s[i:])
	switch {
	case strings.HasPrefix(rest, "infinity"):
		return i + 8
	case strings.HasPrefix(rest, "inf"), strings.HasPrefix(rest, "nan"):
		return i + 3
	}
	hex := strings.HasPrefix(rest, "0x")
	digit := isDigit
	if hex {
		i += 2
		digit = func(c byte) bool { return isDigit(c) || (lower(c) >= 'a' && lower(c) <= 'f') }
	}
	start := i
	for i < len(s) && digit(s[i]) {
		i++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && digit(s[i]) {
			i++
		}
	}
	mantissa := i - start
	if mantissa == 0 || (mantissa == 1 && s[start] == '.') {
		if hex {
			return start - 1 // just the "0" of "0x"
		}
		return 0
	}
	expChar := byte('e')
	if hex {
		expChar = 'p'
	}
	if i < len(s) && lower(s[i]) == expChar {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		k := j
		for k < len(s) && isDigit(s[k]) {
			k++
		}
		if k > j {
			i = k
		}
	}
	return i
}

// isDigit and isSpace are C's isdigit and isspace in the C locale, as
// Pacemaker's comparisons test bytes.
func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isSpace(c byte) bool { return c == ' ' || (c >= '\t' && c <= '\r') }
