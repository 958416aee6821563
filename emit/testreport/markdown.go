package testreport

import (
	"bytes"
	"fmt"
	"strings"

	"pcl/policytest"
)

// Markdown renders the report for a review comment: a table of the
// assertions, then each failure with its reasons in a collapsed block.
func Markdown(rep *policytest.Report) []byte {
	var b bytes.Buffer
	b.WriteString("### pcl test\n\n")
	b.WriteString(Summary(rep) + "\n\n")
	b.WriteString("| | where | assertion | at |\n|---|---|---|---|\n")
	for _, c := range rep.Cases {
		mark := "✅"
		if !c.Passed() {
			mark = "❌"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | `%s` |\n", mark, cell(caseGroup(c)), cell(c.Assertion.Name), pos(c.Assertion.DeclRange))
	}
	for _, c := range rep.Cases {
		if c.Passed() {
			continue
		}
		fmt.Fprintf(&b, "\n#### %s: %s\n\n", caseGroup(c), c.Assertion.Name)
		explained := map[string]bool{}
		for _, f := range c.Failures {
			fmt.Fprintf(&b, "- `%s` **%s**: %s\n", pos(f.Range), f.Condition, f.Message)
			if lines := why(c, f, explained); len(lines) > 0 {
				b.WriteString("\n  <details><summary>why</summary>\n\n  ```\n")
				for _, l := range lines {
					if l == "" {
						b.WriteString("\n")
						continue
					}
					b.WriteString("  " + l + "\n")
				}
				b.WriteString("  ```\n  </details>\n")
			}
		}
	}
	return b.Bytes()
}

// cell escapes a table cell.
func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
