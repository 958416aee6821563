package pcmk

import (
	"fmt"
	"strings"
	"time"
)

// ParseLifetime reads crm_resource's --lifetime: an ISO 8601 duration
// (PT1H, P1D, P1W, PT90M). Years and months are refused: crm_time adds
// them by the calendar, which pcl does not model; give days instead.
func ParseLifetime(text string) (time.Duration, error) {
	t := strings.TrimSpace(text)
	if !strings.HasPrefix(t, "P") {
		return 0, fmt.Errorf("the lifetime %q is not an ISO 8601 duration such as PT1H or P1D", text)
	}
	date, _, _ := strings.Cut(t, "T")
	if strings.ContainsAny(date, "YM") {
		return 0, fmt.Errorf("the lifetime %q counts years or months, which crm_resource adds by the calendar and pcl does not model; give it in weeks, days, hours, minutes or seconds", text)
	}
	ms, err := ParseInterval(t)
	if err != nil {
		return 0, err
	}
	if ms <= 0 {
		return 0, fmt.Errorf("the lifetime %q is not a positive duration", text)
	}
	return time.Duration(ms) * time.Millisecond, nil
}
