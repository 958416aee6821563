package pcmk

import "time"

// CRMTime is a date and time as Pacemaker's crm_time holds it: a year, the
// ordinal day of that year, the seconds of that day and an offset from UTC.
// Arithmetic works on these fields the way crm_time does, which matters
// where it differs from calendar arithmetic: adding years keeps the day of
// the year, not the day of the month.
//
// A CRMTime is valid (see Valid) when YearDay is a day of Year and Seconds
// is within a day; ParseCRMTime and CRMTimeOf return valid times and the
// Add methods keep them valid.
type CRMTime struct {
	// Year is the calendar year.
	Year int
	// YearDay is the day of the year, 1 for January 1.
	YearDay int
	// Seconds is the time of day in seconds after midnight.
	Seconds int
	// Offset is the offset from UTC in seconds, east of Greenwich positive.
	Offset int
}

const daySeconds = 24 * 60 * 60

func leapYear(y int) bool { return (y%4 == 0 && y%100 != 0) || y%400 == 0 }

func yearDays(y int) int {
	if leapYear(y) {
		return 366
	}
	return 365
}

var monthDays = [13]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31, 29}

func daysInMonth(m, y int) int {
	if m < 1 || m > 12 {
		return 0
	}
	if m == 2 && leapYear(y) {
		return monthDays[12]
	}
	return monthDays[m-1]
}

func ordinalDay(y, m, d int) int {
	for i := 1; i < m; i++ {
		d += daysInMonth(i, y)
	}
	return d
}

// jan1Weekday is the weekday of January 1 of y, Monday 1 to Sunday 7.
func jan1Weekday(y int) int {
	yy := (y - 1) % 100
	c := (y - 1) - yy
	g := yy + yy/4
	return 1 + ((((c/100)%4)*5)+g)%7
}

func weeksInYear(y int) int {
	if jan1Weekday(y) == 4 || jan1Weekday(y+1) == 5 {
		return 53
	}
	return 52
}

// daysPer400Years is the length of the Gregorian cycle, used to take big
// steps; the result is the same as stepping year by year.
const daysPer400Years = 146097

// AddDays moves t by n days (crm_time_add_days).
func (t *CRMTime) AddDays(n int) {
	t.YearDay += n
	if t.YearDay > daysPer400Years || t.YearDay < -daysPer400Years {
		cycles := t.YearDay / daysPer400Years
		t.YearDay -= cycles * daysPer400Years
		t.Year += cycles * 400
	}
	for yd := yearDays(t.Year); t.YearDay > yd; yd = yearDays(t.Year) {
		t.YearDay -= yd
		t.Year++
	}
	for t.YearDay < 1 {
		t.Year--
		t.YearDay += yearDays(t.Year)
	}
}

// AddSeconds moves t by n seconds, carrying into the days
// (crm_time_add_seconds).
func (t *CRMTime) AddSeconds(n int) {
	t.Seconds += n
	days := t.Seconds / daySeconds
	t.Seconds %= daySeconds
	if t.Seconds < 0 {
		t.Seconds += daySeconds
		days--
	}
	t.AddDays(days)
}

// Gregorian gives the month (1 to 12) and the day of the month.
func (t CRMTime) Gregorian() (month, day int) {
	day = t.YearDay
	month = 1
	for ; month <= 12 && day > 0; month++ {
		md := daysInMonth(month, t.Year)
		if md >= day {
			break
		}
		day -= md
	}
	return month, day
}

// AddMonths moves t by n months, keeping the day of the month but
// clamping it to the length of the month reached (crm_time_add_months).
func (t *CRMTime) AddMonths(n int) {
	y := t.Year
	m, d := t.Gregorian()
	m += n
	y += (m - 1) / 12
	m = (m-1)%12 + 1
	if m < 1 {
		m += 12
		y--
	}
	if md := daysInMonth(m, y); md < d {
		d = md
	}
	t.Year = y
	t.YearDay = ordinalDay(y, m, d)
}

// AddYears moves t by n years, keeping the day of the year
// (crm_time_add_years).
func (t *CRMTime) AddYears(n int) { t.Year += n }

// UTC is t moved to offset 0, as crm_time compares times.
func (t CRMTime) UTC() CRMTime {
	u := CRMTime{Year: t.Year, YearDay: t.YearDay, Seconds: t.Seconds}
	if t.Offset != 0 {
		u.AddSeconds(-t.Offset)
	}
	return u
}

// Compare orders t and u by the instant they name, whatever their
// offsets (crm_time_compare): -1 when t is earlier, 1 when later, else 0.
func (t CRMTime) Compare(u CRMTime) int {
	ut, uu := t.UTC(), u.UTC()
	switch {
	case ut.Year != uu.Year:
		return sign(ut.Year - uu.Year)
	case ut.YearDay != uu.YearDay:
		return sign(ut.YearDay - uu.YearDay)
	}
	return sign(ut.Seconds - uu.Seconds)
}

func sign(v int) int {
	switch {
	case v < 0:
		return -1
	case v > 0:
		return 1
	}
	return 0
}

// Valid reports whether the day is a day of the year and the seconds lie
// within a day (crm_time_check).
func (t CRMTime) Valid() bool {
	return t.YearDay > 0 && t.YearDay <= yearDays(t.Year) && t.Seconds >= 0 && t.Seconds < daySeconds
}

// ISOWeek gives the ISO week-numbering year, the week and the weekday
// (Monday 1 to Sunday 7), the fields date_spec's weekyears, weeks and
// weekdays test.
func (t CRMTime) ISOWeek() (year, week, weekday int) {
	jan1 := jan1Weekday(t.Year)
	h := t.YearDay + jan1 - 1
	weekday = 1 + (h-1)%7
	year = t.Year
	if t.YearDay <= 8-jan1 && jan1 > 4 {
		year = t.Year - 1
		week = weeksInYear(year)
	} else if yearDays(year)-t.YearDay < 4-weekday {
		year = t.Year + 1
		week = 1
	} else {
		j := t.YearDay + (7 - weekday) + (jan1 - 1)
		week = j / 7
		if jan1 > 4 {
			week--
		}
	}
	return year, week, weekday
}

// MoonPhase is Pacemaker's phase of the moon, 0 (new) to 7, 4 being full,
// the field date_spec's moon tests.
func (t CRMTime) MoonPhase() int {
	goldn := (t.Year % 19) + 1
	epact := (11*goldn + 18) % 30
	if (epact == 25 && goldn > 11) || epact == 24 {
		epact++
	}
	return ((((t.YearDay + epact) * 6) + 11) % 177) / 22 & 7
}

// Time is t as a time.Time whose location has t's offset, so that its
// clock fields are t's.
func (t CRMTime) Time() time.Time {
	loc := time.UTC
	if t.Offset != 0 {
		loc = time.FixedZone("", t.Offset)
	}
	return time.Date(t.Year, time.January, t.YearDay, 0, 0, t.Seconds, 0, loc)
}

// CRMTimeOf is t as a CRMTime, with t's clock fields and zone offset.
func CRMTimeOf(t time.Time) CRMTime {
	_, off := t.Zone()
	h, m, s := t.Clock()
	return CRMTime{Year: t.Year(), YearDay: t.YearDay(), Seconds: h*3600 + m*60 + s, Offset: off}
}
