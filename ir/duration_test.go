package ir

import "testing"

func TestParseDuration(t *testing.T) {
	for _, tc := range []struct {
		in string
		ms int64
	}{
		{"0", 0}, {"30", 30000}, {"30s", 30000}, {"10000ms", 10000}, {"1m", 60000}, {"2min", 120000},
		{"1h", 3600000}, {"PT30S", 30000}, {"P30S", 30000}, {"PT1M", 60000}, {"P1D", 86400000},
		{"PT1H30M", 5400000}, {"P1W", 7 * 86400000},
	} {
		d, err := ParseDuration(tc.in)
		if err != nil || d.Ms != tc.ms || d.Text != tc.in {
			t.Errorf("ParseDuration(%q) = %+v, %v; want %d ms", tc.in, d, err, tc.ms)
		}
	}
	for _, bad := range []string{"", "s", "10x", "P", "PT", "P1X", "P1"} {
		if _, err := ParseDuration(bad); err == nil {
			t.Errorf("ParseDuration(%q) accepted", bad)
		}
	}
}
