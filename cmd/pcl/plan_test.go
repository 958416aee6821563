package main

import (
	"testing"
	"time"
)

func TestParseNowFlag(t *testing.T) {
	for _, c := range []struct {
		in   string
		want time.Time
	}{
		{"", time.Time{}},
		{"2005-020", time.Date(2005, 1, 20, 0, 0, 0, 0, time.UTC)},
		{"2005-020T12:30", time.Date(2005, 1, 20, 12, 30, 0, 0, time.UTC)},
		{"2014-05-07 00:28:00", time.Date(2014, 5, 7, 0, 28, 0, 0, time.UTC)},
		{"2005-01-20T12:30:00Z", time.Date(2005, 1, 20, 12, 30, 0, 0, time.UTC)},
		{"2009-W01-1", time.Date(2008, 12, 29, 0, 0, 0, 0, time.UTC)},
	} {
		got, err := parseNowFlag(c.in)
		if err != nil || !got.Equal(c.want) {
			t.Errorf("parseNowFlag(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"yesterday", "not a date"} {
		if _, err := parseNowFlag(bad); err == nil {
			t.Errorf("parseNowFlag(%q) accepted a bad date", bad)
		}
	}
}

func FuzzParseNowFlag(f *testing.F) {
	for _, s := range []string{"2005-020", "2005-020T12:30", "2014-05-07 00:28:00", "2005-W03-4T01:02:03-05:30", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		// Bad input never panics, and parsing is a function of the text.
		a, errA := parseNowFlag(s)
		b, errB := parseNowFlag(s)
		if !a.Equal(b) || (errA == nil) != (errB == nil) {
			t.Errorf("parseNowFlag(%q) is not deterministic", s)
		}
	})
}
