package ruleeval

import (
	"fmt"
	"strings"
	"time"
)

// wallClock is the current time, for dates that give only a time of day
// and for the local offset of times that give none (as crm_time does).
var wallClock = time.Now

// ParseTime reads a date and time the way Pacemaker 2.1.5's crm_time_new
// does, which is what `crm_simulate -t` and the start/end of date
// expressions accept:
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
// The result carries the offset as its location, so its clock fields are
// the ones date_spec tests.
func ParseTime(s string) (time.Time, error) {
	t, err := parseCRMTime(s)
	if err != nil {
		return time.Time{}, err
	}
	return t.goTime(), nil
}

// CheckDate reports whether s is a date Pacemaker can read, with an error
// in words if not. Pacemaker treats a date expression whose date it cannot
// read as never true.
func CheckDate(s string) error {
	_, err := parseCRMTime(s)
	return err
}

func (t crmTime) goTime() time.Time {
	loc := time.UTC
	if t.offset != 0 {
		loc = time.FixedZone("", t.offset)
	}
	return time.Date(t.years, time.January, t.days, 0, 0, t.seconds, 0, loc)
}

func fromGoTime(t time.Time) crmTime {
	_, off := t.Zone()
	h, m, s := t.Clock()
	return crmTime{years: t.Year(), days: t.YearDay(), seconds: h*3600 + m*60 + s, offset: off}
}

func parseCRMTime(s string) (crmTime, error) {
	bad := func(why string) (crmTime, error) {
		if why == "" {
			return crmTime{}, fmt.Errorf("%q is not an ISO 8601 date and time such as 2005-01-20, 2005-020, 2005-W03-4 or \"2005-01-20 12:30:00 +01:00\"", s)
		}
		return crmTime{}, fmt.Errorf("%q is not a valid ISO 8601 date and time: %s", s, why)
	}
	if s == "" {
		return bad("it is empty")
	}
	var t crmTime
	var timePart *string
	if s[0] == 'T' || (len(s) > 2 && s[2] == ':') {
		// A time alone is on today's date.
		t = fromGoTime(wallClock())
		rest := s
		if s[0] == 'T' {
			rest = s[1:]
		}
		timePart = &rest
	} else {
		if len(s) >= 5 && strings.EqualFold(s[:5], "epoch") && (len(s) == 5 || s[5] == '/' || isSpace(s[5])) {
			return crmTime{years: 1970, days: 1}, nil
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
			t.years, t.days = y, ordinalDay(y, m, d)
		} else if v, n := scanf(s, "%d-%d"); n == 2 {
			if v[1] > yearDays(v[0]) {
				return bad(fmt.Sprintf("%d is not a day of the year (%d has %d)", v[1], v[0], yearDays(v[0])))
			}
			t.years, t.days = v[0], v[1]
		} else if v, n := scanf(s, "%d-W%d-%d"); n == 3 {
			y, w, d := v[0], v[1], v[2]
			switch {
			case w > weeksInYear(y):
				return bad(fmt.Sprintf("%d is not a week of %d (it has %d)", w, y, weeksInYear(y)))
			case d < 1 || d > 7:
				return bad(fmt.Sprintf("%d is not a day of the week (1 to 7)", d))
			}
			t.years = y
			t.addDays((w - 1) * 7)
			if jan1 := jan1Weekday(y); jan1 <= 4 {
				t.addDays(1 - jan1)
			} else {
				t.addDays(8 - jan1)
			}
			t.addDays(d)
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
		if err := t.parseTimeOfDay(*timePart); err != "" {
			return bad(err)
		}
	}
	if !t.valid() {
		return bad("")
	}
	return t, nil
}

// parseTimeOfDay reads "HH[:MM[:SS]]" or "HH[MM[SS]]" and an offset.
func (t *crmTime) parseTimeOfDay(s string) string {
	secs, err := parseClock(s)
	if err != "" {
		return err
	}
	t.seconds = secs
	var offsetText *string
	if i := strings.IndexByte(s, 'Z'); i >= 0 {
		o := s[i:]
		offsetText = &o
	} else if i := strings.IndexByte(s, ' '); i >= 0 {
		o := strings.TrimLeftFunc(s[i:], func(r rune) bool { return r < 128 && isSpace(byte(r)) })
		offsetText = &o
	}
	off, err := parseOffset(offsetText)
	if err != "" {
		return err
	}
	t.offset = off
	if t.seconds == daySeconds {
		t.seconds = 0
		t.addDays(1)
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

func parseOffset(s *string) (int, string) {
	if s == nil {
		return localOffset(), ""
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
func localOffset() int {
	_, gmtoff := wallClock().Zone()
	h := gmtoff / 3600
	m := (gmtoff - 3600*h) / 60
	if h < 0 && m < 0 {
		m = -m
	}
	return 3600*h + 60*m
}

func isSpace(c byte) bool { return c == ' ' || (c >= '\t' && c <= '\r') }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// scanf reads integers from s the way C's sscanf does for formats made of
// %d, %Nd and literal characters: each %d skips white space and takes an
// optional sign and digits (at most N characters); it returns the values
// (missing ones 0) and how many conversions succeeded, -1 when the input
// ends before the first.
func scanf(s, format string) ([3]int, int) {
	var out [3]int
	n, i := 0, 0
	for f := 0; f < len(format); f++ {
		c := format[f]
		if c != '%' {
			if i >= len(s) {
				if n == 0 {
					return out, -1
				}
				return out, n
			}
			if s[i] != c {
				return out, n
			}
			i++
			continue
		}
		f++
		width := 0
		for f < len(format) && isDigit(format[f]) {
			width = width*10 + int(format[f]-'0')
			f++
		}
		// format[f] is 'd'
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		if i >= len(s) {
			if n == 0 {
				return out, -1
			}
			return out, n
		}
		limit := len(s)
		if width > 0 && i+width < limit {
			limit = i + width
		}
		j := i
		neg := false
		if j < limit && (s[j] == '+' || s[j] == '-') {
			neg = s[j] == '-'
			j++
		}
		start := j
		v := 0
		for j < limit && isDigit(s[j]) {
			if v < 1<<40 {
				v = v*10 + int(s[j]-'0')
			}
			j++
		}
		if j == start {
			return out, n
		}
		if neg {
			v = -v
		}
		if n < len(out) {
			out[n] = v
		}
		n++
		i = j
	}
	return out, n
}
