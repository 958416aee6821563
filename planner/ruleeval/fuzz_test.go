package ruleeval

import (
	"testing"
	"time"
)

// FuzzParseTime checks that no input panics and that every accepted time
// is a valid one that survives the trip through time.Time. Seeds live in
// testdata/fuzz/FuzzParseTime.
func FuzzParseTime(f *testing.F) {
	f.Add("2005-020T12:30")
	old := wallClock
	f.Cleanup(func() { wallClock = old })
	wallClock = func() time.Time { return time.Date(2020, 6, 15, 10, 0, 0, 0, time.UTC) }
	f.Fuzz(func(t *testing.T, s string) {
		c, err := parseCRMTime(s)
		if err != nil {
			return
		}
		if !c.valid() {
			t.Fatalf("%q parsed to an invalid time %+v", s, c)
		}
		if c.years < 1 || c.years > 9999 || c.offset <= -daySeconds || c.offset >= daySeconds {
			return
		}
		if back := fromGoTime(c.goTime()); back != c {
			t.Fatalf("%q: %+v comes back from time.Time as %+v", s, c, back)
		}
	})
}
