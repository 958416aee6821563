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

// FuzzParseOpSpec checks that ParseOpSpec never panics, and that what it
// accepts String writes back in a form it reads the same. Seeds live in
// testdata/fuzz/FuzzParseOpSpec.
func FuzzParseOpSpec(f *testing.F) {
	for _, s := range []string{"web_monitor_10000@node1=7", "db_start_0@n2=1x3", "vm_migrate_to_0@n1=1", "a_b_c@d=e", "@=", "x_y_1@n=1x", "_monitor_0@n=0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		o, err := ParseOpSpec(spec)
		if err != nil {
			return
		}
		again, err := ParseOpSpec(o.String())
		if err != nil {
			t.Fatalf("%+v.String() = %q does not parse: %v", o, o.String(), err)
		}
		if again != o {
			t.Fatalf("round trip of %q: %+v then %+v", spec, o, again)
		}
	})
}

// FuzzLenient checks the readers of Pacemaker's lenient syntax: no input
// panics, and every duration the strict reader (ParseInterval) accepts,
// Pacemaker's own reading (ParseIntervalSpec) accepts too, as the same
// length when it is written without a unit's leniency.
func FuzzLenient(f *testing.F) {
	for _, s := range []string{"10s", "1.5s", " 10", "P1D", "10sx", "-1", "0:0;1:1:0:abc", "99999999999999999999", "5 min"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ScanLL(s)
		DecodeTransitionMagic(s)
		DecodeTransitionKey(s)
		spec, specOK := ParseIntervalSpec(s)
		strict, err := ParseInterval(s)
		if err == nil && !specOK {
			t.Fatalf("%q: ParseInterval reads %d ms but Pacemaker refuses it", s, strict)
		}
		if err == nil && spec != strict && strict < 1<<40 {
			t.Logf("%q: %d ms strictly, %d ms as Pacemaker reads it", s, strict, spec)
		}
	})
}

// FuzzParseAttrSpec checks that ParseAttrSpec never panics, and that what
// it accepts String writes back in a form it reads the same. Seeds live
// in testdata/fuzz/FuzzParseAttrSpec.
func FuzzParseAttrSpec(f *testing.F) {
	for _, s := range []string{"node1:pingd=100", "n1:master-db:0=10", "n1:pingd", ":=", "n1:=1", "n1:a=b=c", " n1 : a = b "} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, spec string, del bool) {
		a, err := ParseAttrSpec(spec, del)
		if err != nil {
			return
		}
		again, err := ParseAttrSpec(a.String(), del)
		if err != nil {
			t.Fatalf("%+v.String() = %q does not parse: %v", a, a.String(), err)
		}
		if again != a {
			t.Fatalf("round trip of %q: %+v then %+v", spec, a, again)
		}
	})
}
