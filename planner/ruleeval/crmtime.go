package ruleeval

// crmTime is a date and time as Pacemaker's crm_time holds it: a year, the
// ordinal day of that year, the seconds of that day and an offset from UTC
// in seconds. Arithmetic works on these fields the way crm_time does, which
// matters where it differs from calendar arithmetic: adding years keeps the
// day of the year, not the day of the month.
type crmTime struct {
	years, days, seconds, offset int
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

func (t *crmTime) addDays(n int) {
	t.days += n
	if t.days > daysPer400Years || t.days < -daysPer400Years {
		cycles := t.days / daysPer400Years
		t.days -= cycles * daysPer400Years
		t.years += cycles * 400
	}
	for yd := yearDays(t.years); t.days > yd; yd = yearDays(t.years) {
		t.days -= yd
		t.years++
	}
	for t.days < 1 {
		t.years--
		t.days += yearDays(t.years)
	}
}

func (t *crmTime) addSeconds(n int) {
	t.seconds += n
	days := t.seconds / daySeconds
	t.seconds %= daySeconds
	if t.seconds < 0 {
		t.seconds += daySeconds
		days--
	}
	t.addDays(days)
}

// gregorian gives the month and day of the month.
func (t crmTime) gregorian() (month, day int) {
	day = t.days
	month = 1
	for ; month <= 12 && day > 0; month++ {
		md := daysInMonth(month, t.years)
		if md >= day {
			break
		}
		day -= md
	}
	return month, day
}

func (t *crmTime) addMonths(n int) {
	y := t.years
	m, d := t.gregorian()
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
	t.years = y
	t.days = ordinalDay(y, m, d)
}

func (t *crmTime) addYears(n int) { t.years += n }

// utc is t moved to offset 0, as crm_time compares times.
func (t crmTime) utc() crmTime {
	u := crmTime{years: t.years, days: t.days, seconds: t.seconds}
	if t.offset != 0 {
		u.addSeconds(-t.offset)
	}
	return u
}

// compare orders two times by the instant they name.
func compareTimes(a, b crmTime) int {
	ua, ub := a.utc(), b.utc()
	switch {
	case ua.years != ub.years:
		return sign(ua.years - ub.years)
	case ua.days != ub.days:
		return sign(ua.days - ub.days)
	}
	return sign(ua.seconds - ub.seconds)
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

// valid is crm_time_check.
func (t crmTime) valid() bool {
	return t.days > 0 && t.days <= yearDays(t.years) && t.seconds >= 0 && t.seconds < daySeconds
}

// isoWeek gives the ISO week-numbering year, week and weekday (Monday 1).
func (t crmTime) isoWeek() (year, week, weekday int) {
	jan1 := jan1Weekday(t.years)
	h := t.days + jan1 - 1
	weekday = 1 + (h-1)%7
	year = t.years
	if t.days <= 8-jan1 && jan1 > 4 {
		year = t.years - 1
		week = weeksInYear(year)
	} else if yearDays(year)-t.days < 4-weekday {
		year = t.years + 1
		week = 1
	} else {
		j := t.days + (7 - weekday) + (jan1 - 1)
		week = j / 7
		if jan1 > 4 {
			week--
		}
	}
	return year, week, weekday
}

// moonPhase is Pacemaker's phase of the moon, 0 (new) to 7, 4 being full.
func (t crmTime) moonPhase() int {
	goldn := (t.years % 19) + 1
	epact := (11*goldn + 18) % 30
	if (epact == 25 && goldn > 11) || epact == 24 {
		epact++
	}
	return ((((t.days + epact) * 6) + 11) % 177) / 22 & 7
}
