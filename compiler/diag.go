package compiler

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"pcl/internal/suggest"
)

func errorAt(rng hcl.Range, summary, detail string, args ...any) *hcl.Diagnostic {
	return &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary, Detail: fmt.Sprintf(detail, args...), Subject: rng.Ptr()}
}

func warningAt(rng hcl.Range, summary, detail string, args ...any) *hcl.Diagnostic {
	return &hcl.Diagnostic{Severity: hcl.DiagWarning, Summary: summary, Detail: fmt.Sprintf(detail, args...), Subject: rng.Ptr()}
}

// duplicate reports a second declaration of name, naming where the first is.
func duplicate(what, name string, rng, first hcl.Range) *hcl.Diagnostic {
	return &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  "Duplicate " + what,
		Detail:   fmt.Sprintf("%s %s named %q was already declared at %s; names must be unique.", article(what), what, name, where(first)),
		Subject:  rng.Ptr(),
		Context:  rng.Ptr(),
	}
}

// article is "An" before a vowel, else "A".
func article(word string) string {
	if word != "" && strings.ContainsRune("aeiou", rune(word[0])) {
		return "An"
	}
	return "A"
}

// where names a position as file:line:col, as diagnostics print theirs.
func where(rng hcl.Range) string {
	return fmt.Sprintf("%s:%d:%d", rng.Filename, rng.Start.Line, rng.Start.Column)
}

// suggestion returns ` (did you mean "x"?)` for the closest candidate, or
// "" when nothing is close.
func suggestion(name string, candidates []string) string {
	best := suggest.Closest(name, candidates)
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}
