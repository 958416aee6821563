package planner

import (
	"testing"

	"pcl/pcmk"
)

// TestDigestEscape checks each release's spelling of attribute values in
// a digest, and one digest recorded by a real cluster (unrunnable-2's
// rabbitmq start) that holds double quotes.
func TestDigestEscape(t *testing.T) {
	v215, v30 := pcmk.Target{}, pcmk.Target{Version: pcmk.V3_0_0}
	for _, c := range []struct {
		in, legacy, v218 string
	}{
		{`a"b'c<d>e&f`, `a&quot;b&apos;c&lt;d&gt;e&amp;f`, `a&quot;b'c&lt;d&gt;e&amp;f`},
		{"x\ty\nz\r", `x    y\nz\r`, "x&#x09;y&#x0A;z&#x0D;"},
		{"é<", "é<", "é&lt;"},
		{"\x7f", "\x7f", "&#x7F;"},
	} {
		if got := escapeDigestValue(v215, c.in); got != c.legacy {
			t.Errorf("2.1.5 %q: got %q, want %q", c.in, got, c.legacy)
		}
		if got := escapeDigestValue(v30, c.in); got != c.v218 {
			t.Errorf("3.0 %q: got %q, want %q", c.in, got, c.v218)
		}
	}
	params := map[string]string{"set_policy": `ha-all ^(?!amq\.).* {"ha-mode":"all"}`}
	for _, tg := range []pcmk.Target{v215, v30} {
		if got := digestOf(tg, params); got != "780d433233eb4f94c1a151623d002e84" {
			t.Errorf("%v: digest %s", tg, got)
		}
	}
}
