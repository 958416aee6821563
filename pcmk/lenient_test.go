package pcmk

import "testing"

func TestParseIntervalSpec(t *testing.T) {
	for _, c := range []struct {
		in string
		ms int64
		ok bool
	}{
		{"10", 10000, true}, {"10s", 10000, true}, {"10 s", 10000, true}, {" 10", 10000, true},
		{"10sx", 10000, true}, {"1.5s", 1000, true}, {"5min", 300000, true}, {"2h", 7200000, true},
		{"500ms", 500, true}, {"P1D", 86400000, true}, {"10S", 10000, true},
		{".5", 0, false}, {"10x", 0, false}, {"-1", 0, false}, {"garbage", 0, false},
		{"PT1X", 0, false}, {"p1d", 0, false}, {"", 0, false},
	} {
		ms, ok := ParseIntervalSpec(c.in)
		if ok != c.ok || (ok && ms != c.ms) {
			t.Errorf("ParseIntervalSpec(%q) = %d, %v; want %d, %v", c.in, ms, ok, c.ms, c.ok)
		}
	}
}

func TestScanLL(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int64
		rest string
		ok   bool
	}{
		{"5", 5, "", true}, {" 5", 5, "", true}, {"+5", 5, "", true}, {"-3", -3, "", true},
		{"10abc", 10, "abc", true}, {"1.5", 1, ".5", true}, {"abc", 0, "abc", false},
		{"99999999999999999999", 0, "", false},
	} {
		n, rest, ok := ScanLL(c.in)
		if ok != c.ok || (ok && (n != c.n || rest != c.rest)) {
			t.Errorf("ScanLL(%q) = %d, %q, %v; want %d, %q, %v", c.in, n, rest, ok, c.n, c.rest, c.ok)
		}
	}
}

func TestDecodeTransitionMagic(t *testing.T) {
	for _, c := range []struct {
		in         string
		status, rc int
		ok         bool
	}{
		{"0:0;1:1:0:6d4ea1c3-8b3c-4a6e-9f4e-3b7d6c2a1f00", 0, 0, true},
		{"0:7;3:-1:7:abc", 0, 7, true},
		{"-1:193;1:2:0:abc", -1, 193, true},
		{"garbage", 0, 0, false}, {"0:0", 0, 0, false}, {"0:0;1:1", 0, 0, false},
		{"x:0;1:1:0:abc", 0, 0, false}, {"0:0;1:1:0:", 0, 0, false},
	} {
		st, rc, _, ok := DecodeTransitionMagic(c.in)
		if ok != c.ok || (ok && (st != c.status || rc != c.rc)) {
			t.Errorf("DecodeTransitionMagic(%q) = %d, %d, %v; want %d, %d, %v", c.in, st, rc, ok, c.status, c.rc, c.ok)
		}
	}
}
