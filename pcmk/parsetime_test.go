package pcmk

import (
	"strings"
	"testing"
	"time"
)

func TestParseTime(t *testing.T) {
	clock := func() time.Time { return time.Date(2020, 6, 15, 10, 0, 0, 0, time.FixedZone("", 2*3600)) }
	tests := []struct {
		in, want string // want in RFC 3339, or "error"
	}{
		{"2005-01-20", "2005-01-20T00:00:00Z"},
		{"20050120", "2005-01-20T00:00:00Z"},
		{"2005-020", "2005-01-20T00:00:00Z"},
		{"2005-1-2", "2005-01-02T00:00:00Z"},
		{"2009-W01-1", "2008-12-29T00:00:00Z"},
		{"2009-W53-7", "2010-01-03T00:00:00Z"},
		{"2008-W37-6", "2008-09-13T00:00:00Z"},
		{"2005-020T12:30", "2005-01-20T12:30:00+02:00"}, // local offset
		{"2005-020 12:30:45Z", "2005-01-20T12:30:45Z"},
		{"2005-020T123045Z", "2005-01-20T12:30:45Z"},
		{"2005-01-20 12:00:00 -05:00", "2005-01-20T12:00:00-05:00"},
		{"2005-01-20 12:00:00 +0130", "2005-01-20T12:00:00+01:30"},
		{"2005-01-20T12:00:00+01:00", "2005-01-20T12:00:00+02:00"}, // no space: the offset is not seen
		{"2005-12-31T24:00:00Z", "2006-01-01T00:00:00Z"},
		{"epoch", "1970-01-01T00:00:00Z"},
		{"T09:15", "2020-06-15T09:15:00+02:00"},
		{"09:15:00", "2020-06-15T09:15:00+02:00"},
		{"2004-366", "2004-12-31T00:00:00Z"},
		{"2005-366", "error"},
		{"2005-13-01", "error"},
		{"2005-02-29", "error"},
		{"2005-W53-1", "error"},
		{"2005-W01-8", "error"},
		{"2005-020T25:00", "error"},
		{"2005-020T12:60", "error"},
		{"", "error"},
		{"next tuesday", "error"},
		{"2005-00-10", "error"},
	}
	for _, tt := range tests {
		got, err := ParseTime(tt.in, clock)
		if tt.want == "error" {
			if err == nil {
				t.Errorf("ParseTime(%q) = %v, want an error", tt.in, got)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseTime(%q): %v", tt.in, err)
			continue
		}
		if s := got.Format(time.RFC3339); s != tt.want {
			t.Errorf("ParseTime(%q) = %s, want %s", tt.in, s, tt.want)
		}
	}
}

func TestCheckDate(t *testing.T) {
	for _, ok := range []string{"2005-020", "T12:30", "2005-01-20 12:00:00 -05:00", "epoch"} {
		if err := CheckDate(ok); err != nil {
			t.Errorf("CheckDate(%q): %v", ok, err)
		}
	}
	for bad, says := range map[string]string{
		"2005-13-01":     `"2005-13-01" is not a valid ISO 8601 date and time: 13 is not a month`,
		"garbage":        `"garbage" is not an ISO 8601 date and time such as 2005-01-20`,
		"2005-020 25:00": "25 is not an hour",
	} {
		if err := CheckDate(bad); err == nil || !strings.Contains(err.Error(), says) {
			t.Errorf("CheckDate(%q) = %v, want an error saying %q", bad, err, says)
		}
	}
}

func TestParseEffectiveTime(t *testing.T) {
	got, err := ParseEffectiveTime(" 2005-020T12:30:00Z ", nil)
	if err != nil || got.Unix() != 1106224200 {
		t.Errorf("ParseEffectiveTime: %v %v", got, err)
	}
	if _, err := ParseEffectiveTime("yesterday", nil); err == nil || !strings.Contains(err.Error(), "(such as 2024-05-01") {
		t.Errorf("ParseEffectiveTime(yesterday): %v", err)
	}
}

// TestCRMTimeArithmetic checks the ways crm_time arithmetic differs from
// the calendar's.
func TestCRMTimeArithmetic(t *testing.T) {
	leapDay := CRMTime{Year: 2004, YearDay: 60} // 2004-02-29
	y := leapDay
	y.AddYears(1) // keeps the day of the year: 2005-03-01
	if m, d := y.Gregorian(); y.Year != 2005 || m != 3 || d != 1 {
		t.Errorf("2004-02-29 plus a year = %d-%02d-%02d, want 2005-03-01", y.Year, m, d)
	}
	jan31 := CRMTime{Year: 2005, YearDay: 31}
	jan31.AddMonths(1) // clamps to the end of February
	if m, d := jan31.Gregorian(); m != 2 || d != 28 {
		t.Errorf("2005-01-31 plus a month = %02d-%02d, want 02-28", m, d)
	}
	late := CRMTime{Year: 2005, YearDay: 365, Seconds: 23*3600 + 30*60, Offset: -3600}
	utc := late.UTC()
	if utc.Year != 2006 || utc.YearDay != 1 || utc.Seconds != 30*60 || late.Compare(utc) != 0 {
		t.Errorf("UTC of 2005-365T23:30-01:00 = %+v", utc)
	}
	back := late
	back.AddSeconds(-daySeconds * 365)
	if back.Year != 2004 || back.YearDay != 366 || !back.Valid() || back.Compare(late) != -1 {
		t.Errorf("2005-365 less 365 days = %+v", back)
	}
}
