package ir

import "testing"

// TestParseDuration checks what ParseDuration adds to pcmk.ParseInterval,
// which has the tests of the syntax: the text is kept as written.
func TestParseDuration(t *testing.T) {
	if d, err := ParseDuration(" 1min "); err != nil || d.Ms != 60000 || d.Text != " 1min " {
		t.Errorf("ParseDuration(%q) = %+v, %v; want 60000 ms and the text as written", " 1min ", d, err)
	}
	// crm_parse_interval_spec looks for an ISO duration's P at the very
	// start; with space before it, Pacemaker refuses the text.
	if d, err := ParseDuration(" PT1M"); err == nil {
		t.Errorf("ParseDuration(%q) = %+v, accepted", " PT1M", d)
	}
	if d, err := ParseDuration("often"); err == nil {
		t.Errorf("ParseDuration(often) = %+v, accepted", d)
	}
}
