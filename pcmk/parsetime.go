package pcmk

import (
	"fmt"
	"strings"
	"time"
)

// ParseCRMTime reads a date and time the way Pacemaker 2.1.5's
// crm_time_new does, which is what `crm_simulate -t` and the start and end
// of date expressions accept:
//
//	2005-01-20, 20050120           calendar dates
//	2005-020                       ordinal dates (year and day of the year)
//	2005-W03-4                     week dates (ISO week-numbering year, week, weekday)
//	epoch                          1970-01-01 00:00:00 UTC
//
// each optionally followed by "T" or a space and a time (12, 12:30,
// 12:30:45, 1230, 123045, 24:00:00 meaning the next midnight), and after
// the time by "Z" or a space and an offset (+01:00, -0500, -5). A time
// alone ("T12:30", "12:30:00") is on today's date. As in Pacemaker, a date
// without a time is at midnight UTC, while a time without an offset is in
// the local time zone.
//
// clock tells what "today" and "the local time zone" are: it is called,
// only for a time alone or a time without an offset, for the current time
// in the local zone. nil means time.Now.
func ParseCRMTime(s string, clock func() time.Time) (CRMTime, error) {
	if clock == nil {
		clock = time.Now
	}
	return parseCRMTime(s, clock)
}

// ParseTime is ParseCRMTime returning a time.Time whose location carries
// the offset, so that its clock fields are the ones date_spec tests.
func ParseTime(s string, clock func() time.Time) (time.Time, error) {
	t, err := ParseCRMTime(s, clock)
	if err != nil {
		return time.Time{}, err
	}
	return t.Time(), nil
}

// CheckDate reports whether s is a date Pacemaker can read, with an error
// in words if not. Pacemaker treats a date expression whose date it cannot
// read as never true. The answer does not depend on the clock, so none is
// consulted.
func CheckDate(s string) error {
	_, err := parseCRMTime(s, epochClock)
	return err
}

// epochClock stands in for the clock where the time read does not matter.
func epochClock() time.Time { return time.Unix(0, 0).UTC() }

// ParseEffectiveTime reads the effective time crm_simulate's -t takes
// (2024-05-01, 2024-122, 2024-W18-3, each optionally with a time such as
// T12:30:00Z; see ParseCRMTime), ignoring surrounding white space, with an
// error that shows the forms it takes. clock is as for ParseCRMTime.
func ParseEffectiveTime(text string, clock func() time.Time) (time.Time, error) {
	t, err := ParseTime(strings.TrimSpace(text), clock)
	if err != nil {
		return time.Time{}, fmt.Errorf("%q is not an ISO 8601 date and time (such as 2024-05-01, 2024-122 or 2024-05-01T12:30:00Z): %v", text, err)
	}
	return t, nil
}

func parseCRMTime(s string, clock func() time.Time) (CRMTime, error) {
	bad := func(why string) (CRMTime, error) {
		if why == "" {
			return CRMTime{}, fmt.Errorf("%q is not an ISO 8601 date and time such as 2005-01-20, 2005-020, 2005-W03-4 or \"2005-01-20 12:30:00 +01:00\"", s)
		}
		return CRMTime{}, fmt.Errorf("%q is not a valid ISO 8601 date and time: %s", s, why)
	}
	if s == "" {
		return bad("it is empty")
	}
	var t CRMTime
	var timePart *string
	if s[0] == 'T' || (len(s) > 2 && s[2] == ':') {
		// A time alone is on today's date.
		t = CRMTimeOf(clock())
		rest := s
		if s[0] == 'T' {
			rest = s[1:]
		}
		timePart = &rest
	} else {
		if len(s) >= 5 && strings.EqualFold(s[:5], "epoch") && (len(s) == 5 || s[5] == '/' || isSpace(s[5])) {
			return CRMTime{Year: 1970, YearDay: 1}, nil
		}
		v, n := scanf(s, "%d-%d-%d")
		if n == 1 {
			v, n = scanf(s, "%4d%2d%2d")
		}
		if n == 3 {
			y, m, d := v[0], v[1], v[2]
			switch {
			case m > 12:
				return bad(fmt.Sprintf("%d is not a month", m))
			case d > daysInMonth(m, y):
				return bad(fmt.Sprintf("%d is not a day of month %d", d, m))
			}
			t.Year, t.YearDay = y, ordinalDay(y, m, d)
		} else if v, n := scanf(s, "%d-%d"); n == 2 {
			if v[1] > yearDays(v[0]) {
				return bad(fmt.Sprintf("%d is not a day of the year (%d has %d)", v[1], v[0], yearDays(v[0])))
			}
			t.Year, t.YearDay = v[0], v[1]
		} else if v, n := scanf(s, "%d-W%d-%d"); n == 3 {
			y, w, d := v[0], v[1], v[2]
			switch {
			case w > weeksInYear(y):
				return bad(fmt.Sprintf("%d is not a week of %d (it has %d)", w, y, weeksInYear(y)))
			case d < 1 || d > 7:
				return bad(fmt.Sprintf("%d is not a day of the week (1 to 7)", d))
			}
			t.Year = y
			t.AddDays((w - 1) * 7)
			if jan1 := jan1Weekday(y); jan1 <= 4 {
				t.AddDays(1 - jan1)
			} else {
				t.AddDays(8 - jan1)
			}
			t.AddDays(d)
		} else {
			return bad("")
		}
		rest := strings.TrimLeft(s, "0123456789-W")
		if rest != "" && (rest[0] == ' ' || rest[0] == 'T') {
			rest = rest[1:]
			timePart = &rest
		}
	}
	if timePart != nil {
		if err := t.parseTimeOfDay(*timePart, clock); err != "" {
			return bad(err)
		}
	}
	if !t.Valid() {
		return bad("")
	}
	return t, nil
}

// parseTimeOfDay reads "HH[:MM[:SS]]" or "HH[MM[SS]]" and an offset.
func (t *CRMTime) parseTimeOfDay(s string, clock func() time.Time) string {
	secs, err := parseClock(s)
	if err != "" {
		return err
	}
	t.Seconds = secs
	var offsetText *string
	if i := strings.IndexByte(s, 'Z'); i >= 0 {
		o := s[i:]
		offsetText = &o
	} else if i := strings.IndexByte(s, ' '); i >= 0 {
		o := strings.TrimLeftFunc(s[i:], func(r rune) bool { return r < 128 && isSpace(byte(r)) })
		offsetText = &o
	}
	off, err := parseOffset(offsetText, clock)
	if err != "" {
		return err
	}
	t.Offset = off
	if t.Seconds == daySeconds {
		t.Seconds = 0
		t.AddDays(1)
	}
	return ""
}

func parseClock(s string) (int, string) {
	v, n := scanf(s, "%d:%d:%d")
	if n == 1 {
		v, n = scanf(s, "%2d%2d%2d")
	}
	if n == 0 {
		return 0, fmt.Sprintf("%q is not a time of day", s)
	}
	h, m, sec := v[0], v[1], v[2]
	switch {
	case h == 24 && m == 0 && sec == 0:
	case h < 0 || h >= 24:
		return 0, fmt.Sprintf("%d is not an hour", h)
	}
	if m < 0 || m >= 60 {
		return 0, fmt.Sprintf("%d is not a minute", m)
	}
	if sec < 0 || sec >= 60 {
		return 0, fmt.Sprintf("%d is not a second", sec)
	}
	return h*3600 + m*60 + sec, ""
}

func parseOffset(s *string, clock func() time.Time) (int, string) {
	if s == nil {
		return localOffset(clock), ""
	}
	o := *s
	if o == "" {
		return 0, ""
	}
	if o[0] == 'Z' {
		return 0, ""
	}
	if o[0] != '+' && o[0] != '-' && !isDigit(o[0]) {
		return 0, ""
	}
	neg := o[0] == '-'
	if o[0] == '+' || o[0] == '-' {
		o = o[1:]
	}
	secs, err := parseClock(o)
	if err != "" {
		return 0, "bad offset: " + err
	}
	if neg {
		secs = -secs
	}
	return secs, ""
}

// localOffset is the local zone's offset now, computed as crm_time does
// (including its treatment of negative offsets with minutes).
func localOffset(clock func() time.Time) int {
	_, gmtoff := clock().Zone()
	h := gmtoff / 3600
	m := (gmtoff - 3600*h) / 60
	if h < 0 && m < 0 {
		m = -m
	}
	return 3600*h + 60*m
}
