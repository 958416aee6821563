package pcmk

import (
	"testing"
	"time"
)

// TestParseLifetime reads crm_resource's --lifetime, and refuses what
// pcl cannot add exactly.
func TestParseLifetime(t *testing.T) {
	for text, want := range map[string]time.Duration{
		"PT1H": time.Hour, "P1D": 24 * time.Hour, "P1W": 7 * 24 * time.Hour, "PT90M": 90 * time.Minute, "P1DT30S": 24*time.Hour + 30*time.Second,
	} {
		if got, err := ParseLifetime(text); err != nil || got != want {
			t.Errorf("%s: %v, %v; want %v", text, got, err, want)
		}
	}
	for _, bad := range []string{"", "1h", "P1M", "P1Y", "PT0S", "P"} {
		if _, err := ParseLifetime(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
