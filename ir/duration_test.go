package ir

import "testing"

// TestParseDuration checks what ParseDuration adds to pcmk.ParseInterval,
// which has the tests of the syntax: the text is kept as written.
func TestParseDuration(t *testing.T) {
	if d, err := ParseDuration(" PT1M"); err != nil || d.Ms != 60000 || d.Text != " PT1M" {
		t.Errorf("ParseDuration(%q) = %+v, %v; want 60000 ms and the text as written", " PT1M", d, err)
	}
	if d, err := ParseDuration("often"); err == nil {
		t.Errorf("ParseDuration(often) = %+v, accepted", d)
	}
}
