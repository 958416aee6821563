package transition

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Looking actions up by key is the scheduler's innermost loop (every
// ordering, probe and recurring operation does it), so each resource keeps
// its actions bucketed by case-folded key as well as in creation order. A
// bucket holds the actions in creation order, so searching it with
// findActions and friends gives exactly what searching r.actions gives.

// addAction records a newly created action of r.
func (r *rscState) addAction(a *Action) {
	r.actions = append(r.actions, a)
	if r.byKey == nil {
		r.byKey = map[string][]*Action{}
	}
	k := foldKey(a.Key)
	r.byKey[k] = append(r.byKey[k], a)
}

// withKey returns r's actions whose key equals key under case folding, in
// creation order.
func (r *rscState) withKey(key string) []*Action { return r.byKey[foldKey(key)] }

// foldKey maps s to a canonical form such that foldKey(a) == foldKey(b)
// exactly when strings.EqualFold(a, b): every rune becomes one fixed rune of
// its simple case-folding orbit, the ASCII lower-case letter when the orbit
// has one (so that the usual all-lower-case key is its own canonical form
// and costs no allocation), else the smallest rune.
func foldKey(s string) string {
	ascii, canonical := true, true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
		if 'A' <= c && c <= 'Z' {
			canonical = false
		}
	}
	if ascii {
		if canonical {
			return s
		}
		return strings.ToLower(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, c := range s {
		min := c
		for f := unicode.SimpleFold(c); f != c; f = unicode.SimpleFold(f) {
			if f < min {
				min = f
			}
		}
		if 'A' <= min && min <= 'Z' {
			min += 'a' - 'A'
		}
		b.WriteRune(min)
	}
	return b.String()
}
