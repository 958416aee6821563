package testreport

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"pcl/emit/scores"
	"pcl/policytest"
)

// Text renders the report for a terminal: one line per assertion, and
// under each failure what happened, where, and why.
func Text(rep *policytest.Report) []byte {
	var b bytes.Buffer
	for _, c := range rep.Cases {
		status := "PASS"
		if !c.Passed() {
			status = "FAIL"
		}
		fmt.Fprintf(&b, "%s  %s: %s  (%s)\n", status, caseGroup(c), c.Assertion.Name, pos(c.Assertion.DeclRange))
		explained := map[string]bool{}
		for _, f := range c.Failures {
			fmt.Fprintf(&b, "      %s: %s: %s\n", pos(f.Range), f.Condition, f.Message)
			for _, line := range why(c, f, explained) {
				if line == "" {
					b.WriteString("\n")
					continue
				}
				fmt.Fprintf(&b, "        %s\n", line)
			}
		}
	}
	fmt.Fprintf(&b, "%s\n", Summary(rep))
	return b.Bytes()
}

// Summary is the report's last line: how many assertions, how many
// failed.
func Summary(rep *policytest.Report) string {
	n, failed := len(rep.Cases), rep.Failed()
	noun := "assertions"
	if n == 1 {
		noun = "assertion"
	}
	if failed == 0 {
		return fmt.Sprintf("%d %s, all passed.", n, noun)
	}
	return fmt.Sprintf("%d %s, %d failed.", n, noun, failed)
}

// caseGroup names where the assertion is checked.
func caseGroup(c *policytest.Case) string {
	if c.Scenario == "" {
		return "healthy cluster"
	}
	return fmt.Sprintf("scenario %q", c.Scenario)
}

// pos is a range as file:line:col, "" for none.
func pos(r hcl.Range) string {
	if r.Filename == "" {
		return "?"
	}
	return fmt.Sprintf("%s:%d:%d", r.Filename, r.Start.Line, r.Start.Column)
}

// why lists the reasons of a failure: the transition's own, then the
// score explanation of each resource involved in the scenario's plan
// that explained (shared by a case's failures) does not hold yet.
func why(c *policytest.Case, f policytest.Failure, explained map[string]bool) []string {
	var out []string
	for _, r := range f.Reasons {
		out = append(out, "why: "+r)
	}
	if c.Outcome == nil || c.Outcome.Result == nil {
		return out
	}
	for _, id := range f.Explain {
		if explained[id] {
			out = append(out, "why "+id+" is where it is: see above")
			continue
		}
		explained[id] = true
		text, ok := scores.Explain(c.Outcome.Result, id)
		if !ok {
			continue
		}
		lines := strings.Split(strings.TrimRight(string(text), "\n"), "\n")
		// The first line names the release planned for: the report says
		// it once.
		if len(lines) > 0 && strings.HasPrefix(lines[0], "Planned for") {
			lines = lines[1:]
		}
		out = append(out, "why "+id+" is where it is:")
		for _, l := range lines {
			if strings.TrimSpace(l) == "" {
				out = append(out, "")
				continue
			}
			out = append(out, "  "+l)
		}
	}
	return out
}
