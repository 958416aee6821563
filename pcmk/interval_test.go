package pcmk

import "testing"

func TestParseInterval(t *testing.T) {
	for _, tc := range []struct {
		in string
		ms int64
	}{
		{"0", 0}, {"30", 30000}, {"30s", 30000}, {"10000ms", 10000}, {"1m", 60000}, {"2min", 120000},
		{"1h", 3600000}, {"10 secs", 10000}, {"1 minute", 60000}, {"2 hours", 7200000}, {"5 msecs", 5}, {"1.5s", 1000}, {"3.1.4 ms", 3},
		{"PT30S", 30000}, {"P30S", 30000}, {"PT1M", 60000}, {"P1D", 86400000},
		{"PT1H30M", 5400000}, {"P1W", 7 * 86400000}, {" 90 s ", 90000}, {"1500us", 1},
	} {
		ms, err := ParseInterval(tc.in)
		if err != nil || ms != tc.ms {
			t.Errorf("ParseInterval(%q) = %d, %v; want %d ms", tc.in, ms, err, tc.ms)
		}
	}
	for _, bad := range []string{"", "s", "10x", "P", "PT", "P1X", "P1"} {
		if _, err := ParseInterval(bad); err == nil {
			t.Errorf("ParseInterval(%q) accepted", bad)
		}
	}
}
