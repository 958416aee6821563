package pcmk

import (
	"testing"
	"time"
)

// FuzzParseTime checks that no input panics and that every accepted time
// is a valid one that survives the trip through time.Time. Seeds live in
// testdata/fuzz/FuzzParseTime.
func FuzzParseTime(f *testing.F) {
	f.Add("2005-020T12:30")
	clock := func() time.Time { return time.Date(2020, 6, 15, 10, 0, 0, 0, time.UTC) }
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCRMTime(s, clock)
		if err != nil {
			return
		}
		if !c.Valid() {
			t.Fatalf("%q parsed to an invalid time %+v", s, c)
		}
		if c.Year < 1 || c.Year > 9999 || c.Offset <= -daySeconds || c.Offset >= daySeconds {
			return
		}
		if back := CRMTimeOf(c.Time()); back != c {
			t.Fatalf("%q: %+v comes back from time.Time as %+v", s, c, back)
		}
	})
}
