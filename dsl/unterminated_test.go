package dsl

import (
	"fmt"
	"testing"
)

// TestUnterminatedAtOpening checks that an unterminated heredoc, string or
// comment is reported at its opening token, not where the file ends.
func TestUnterminatedAtOpening(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"primitive \"a\" {\n  description = <<EOT\nhello\n", "2:17-22 Unterminated heredoc"},
		{"primitive \"a\" {\n  description = \"x ${foo\n}\n", "2:17-18 Unterminated string"},
		{"primitive \"a\" {\n  description = \"x\n}\n", "2:17-18 Unterminated string"},
		{"node \"n1\" {}\n/* unterminated\nprimitive \"a\" {}\n", "2:1-3 Unterminated comment"},
	} {
		_, diags := Parse([]byte(c.src), "p.pcl")
		if len(diags) != 1 || diags[0].Subject == nil {
			t.Errorf("%q: want one diagnostic, got %v", c.src, diags)
			continue
		}
		s := diags[0].Subject
		got := fmt.Sprintf("%d:%d-%d %s", s.Start.Line, s.Start.Column, s.End.Column, diags[0].Summary)
		if got != c.want {
			t.Errorf("%q: got %s, want %s", c.src, got, c.want)
		}
	}
}
