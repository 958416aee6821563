package ruleeval

import (
	"time"

	"pcl/pcmk"
)

// wallClock is the current time, for dates that give only a time of day
// and for the local offset of times that give none (as crm_time does).
// Tests replace it to pin the local zone.
var wallClock = time.Now

// ParseTime reads a date and time as pcmk.ParseCRMTime does, against the
// wall clock: what `crm_simulate -t s` means by now. The result carries
// the offset as its location, so its clock fields are the ones date_spec
// tests.
func ParseTime(s string) (time.Time, error) { return pcmk.ParseTime(s, wallClock) }
