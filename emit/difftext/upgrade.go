package difftext

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"pcl/cibdiff"
	"pcl/planner/transition"
)

// Upgrade is what `pcl upgrade-check` reports: the forms of the input the
// newer release removes or renames, and the cluster planned under both
// releases.
type Upgrade struct {
	// Input names what was checked.
	Input string
	// Forms are the diagnostics compiling for the release upgraded to
	// gives and compiling for the current one does not: what it removes
	// or renames, each at its position with its replacement.
	Forms hcl.Diagnostics
	// FormsNote says how the forms were found when it is worth saying (a
	// CIB checked as the policy pcl import writes for it).
	FormsNote string
	// Diff is the cluster planned for both releases; nil when it could
	// not be planned (NoPlan says why).
	Diff   *cibdiff.ReleaseDiff
	NoPlan string
}

// Blocking reports whether a form the new release refuses is in the
// input: the upgrade needs an edit first.
func (u *Upgrade) Blocking() bool { return u.Forms.HasErrors() }

func (u *Upgrade) releases() (from, to string) {
	if u.Diff == nil {
		return "the current release", "the new release"
	}
	return u.Diff.From.Target.String(), u.Diff.To.Target.String()
}

// UpgradeText writes u for a terminal.
func UpgradeText(u *Upgrade) []byte {
	var b bytes.Buffer
	from, to := u.releases()
	fmt.Fprintf(&b, "Upgrade check of %s: %s -> %s\n", u.Input, from, to)
	b.WriteString("\nConfiguration:\n")
	if u.FormsNote != "" {
		fmt.Fprintf(&b, "  (%s)\n", u.FormsNote)
	}
	if len(u.Forms) == 0 {
		fmt.Fprintf(&b, "  nothing in it is removed or renamed in %s.\n", to)
	}
	for _, d := range u.Forms {
		fmt.Fprintf(&b, "  %s %s: %s\n      %s\n", severityWord(d), position(d), d.Summary, d.Detail)
	}
	b.WriteString("\nWhat the scheduler decides differently:\n")
	if u.Diff == nil {
		fmt.Fprintf(&b, "  not computed: %s.\n", u.NoPlan)
		return b.Bytes()
	}
	d := u.Diff
	if !d.Differs() {
		b.WriteString("  nothing: the same scores, placement and transition.\n")
	}
	if len(d.Placements) > 0 {
		b.WriteString("  placement:\n")
		for _, p := range d.Placements {
			fmt.Fprintf(&b, "    %s\n", placementLine(p))
		}
	}
	if len(d.Changes) > 0 {
		b.WriteString("  transition:\n")
		for _, c := range d.Changes {
			fmt.Fprintf(&b, "    %s: %s -> %s\n", c.Resource, changeText(d.From.Transition, c.From), changeText(d.To.Transition, c.To))
		}
	}
	if len(d.Scores) > 0 {
		fmt.Fprintf(&b, "  scores (%d differ):\n", len(d.Scores))
		for _, s := range d.Scores {
			fmt.Fprintf(&b, "    %s\n", scoreLine(s))
			for _, c := range s.Cause {
				fmt.Fprintf(&b, "        %s\n", c)
			}
		}
	}
	if d.Differs() && len(d.Notes) > 0 {
		b.WriteString("\nWhat changed between the releases (the causes these differences can have):\n")
		for _, n := range d.Notes {
			fmt.Fprintf(&b, "  - %s\n", n)
		}
	}
	return b.Bytes()
}

// UpgradeMarkdown writes u for a review comment.
func UpgradeMarkdown(u *Upgrade) []byte {
	var b bytes.Buffer
	from, to := u.releases()
	fmt.Fprintf(&b, "### Upgrade check: `%s`, %s → %s\n\n", u.Input, from, to)
	if u.FormsNote != "" {
		fmt.Fprintf(&b, "_%s_\n\n", u.FormsNote)
	}
	if len(u.Forms) == 0 {
		fmt.Fprintf(&b, "Nothing in the configuration is removed or renamed in %s.\n", to)
	} else {
		b.WriteString("| | where | what | replacement |\n|---|---|---|---|\n")
		for _, d := range u.Forms {
			fmt.Fprintf(&b, "| %s | `%s` | %s | %s |\n", severityWord(d), position(d), cell(d.Summary), cell(d.Detail))
		}
	}
	if u.Diff == nil {
		fmt.Fprintf(&b, "\nNot planned: %s.\n", u.NoPlan)
		return b.Bytes()
	}
	d := u.Diff
	if !d.Differs() {
		b.WriteString("\nThe scheduler decides the same: scores, placement and transition.\n")
		return b.Bytes()
	}
	if len(d.Placements)+len(d.Changes) > 0 {
		fmt.Fprintf(&b, "\n| resource | %s | %s |\n|---|---|---|\n", from, to)
		for _, c := range d.Changes {
			fmt.Fprintf(&b, "| `%s` | %s | %s |\n", c.Resource, cell(changeText(d.From.Transition, c.From)), cell(changeText(d.To.Transition, c.To)))
		}
	}
	if len(d.Scores) > 0 {
		fmt.Fprintf(&b, "\n<details><summary>%d scores differ</summary>\n\n```\n", len(d.Scores))
		for _, s := range d.Scores {
			fmt.Fprintf(&b, "%s\n", scoreLine(s))
			for _, c := range s.Cause {
				fmt.Fprintf(&b, "    %s\n", c)
			}
		}
		b.WriteString("```\n</details>\n")
	}
	if len(d.Notes) > 0 {
		b.WriteString("\nWhat changed between the releases:\n\n")
		for _, n := range d.Notes {
			fmt.Fprintf(&b, "- %s\n", n)
		}
	}
	return b.Bytes()
}

type jsonForm struct {
	Severity string `json:"severity"`
	File     string `json:"file,omitempty"`
	Line     int    `json:"line,omitempty"`
	Column   int    `json:"column,omitempty"`
	Summary  string `json:"summary"`
	Detail   string `json:"detail"`
}

type jsonChange struct {
	Resource string `json:"resource"`
	From     string `json:"from"`
	To       string `json:"to"`
}

type jsonUpgrade struct {
	Input      string              `json:"input"`
	From       json.RawMessage     `json:"from,omitempty"`
	To         json.RawMessage     `json:"to,omitempty"`
	Blocking   bool                `json:"blocking"`
	Forms      []jsonForm          `json:"forms"`
	FormsNote  string              `json:"forms_note,omitempty"`
	Differs    bool                `json:"differs"`
	Placements []cibdiff.Placement `json:"placements,omitempty"`
	Changes    []jsonChange        `json:"changes,omitempty"`
	Scores     []cibdiff.ScoreDiff `json:"scores,omitempty"`
	Notes      []string            `json:"notes,omitempty"`
	NoPlan     string              `json:"no_plan,omitempty"`
}

// UpgradeJSON writes u for tools.
func UpgradeJSON(u *Upgrade) ([]byte, error) {
	doc := jsonUpgrade{Input: u.Input, Blocking: u.Blocking(), Forms: []jsonForm{}, FormsNote: u.FormsNote, NoPlan: u.NoPlan}
	for _, d := range u.Forms {
		f := jsonForm{Severity: severityWord(d), Summary: d.Summary, Detail: d.Detail}
		if d.Subject != nil {
			f.File, f.Line, f.Column = d.Subject.Filename, d.Subject.Start.Line, d.Subject.Start.Column
		}
		doc.Forms = append(doc.Forms, f)
	}
	if d := u.Diff; d != nil {
		var err error
		if doc.From, err = json.Marshal(d.From.Target); err != nil {
			return nil, err
		}
		if doc.To, err = json.Marshal(d.To.Target); err != nil {
			return nil, err
		}
		doc.Differs, doc.Placements, doc.Scores, doc.Notes = d.Differs(), d.Placements, d.Scores, d.Notes
		for _, c := range d.Changes {
			doc.Changes = append(doc.Changes, jsonChange{Resource: c.Resource,
				From: changeText(d.From.Transition, c.From), To: changeText(d.To.Transition, c.To)})
		}
	}
	data, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

func severityWord(d *hcl.Diagnostic) string {
	if d.Severity == hcl.DiagError {
		return "error"
	}
	return "warning"
}

func position(d *hcl.Diagnostic) string {
	if d.Subject == nil {
		return "-"
	}
	return fmt.Sprintf("%s:%d:%d", d.Subject.Filename, d.Subject.Start.Line, d.Subject.Start.Column)
}

// changeText says what a summary entry does, in crm_simulate's words
// ("Move (n1 -> n2)"); "no change" for none.
func changeText(t *transition.Transition, c *transition.Change) string {
	if c == nil {
		return "no change"
	}
	var where string
	switch {
	case c.From != transition.NoNode && c.To != transition.NoNode && c.From != c.To:
		where = t.NodeName(c.From) + " -> " + t.NodeName(c.To)
	case c.To != transition.NoNode:
		where = t.NodeName(c.To)
	case c.From != transition.NoNode:
		where = t.NodeName(c.From)
	}
	if c.NeedRole && c.Role != c.NextRole {
		where = strings.TrimSpace(fmt.Sprintf("%s -> %s %s", c.Role, c.NextRole, where))
	}
	s := c.Verb
	if where != "" {
		s += " (" + where + ")"
	}
	if c.Blocked {
		s += " blocked"
	}
	if c.Reason != "" {
		s += " due to " + c.Reason
	}
	return s
}

func scoreLine(s cibdiff.ScoreDiff) string {
	from, to := s.From, s.To
	if from == "" {
		from = "(none)"
	}
	if to == "" {
		to = "(none)"
	}
	if s.Kind == "promotion" {
		return fmt.Sprintf("%s promotion score: %s -> %s", s.Resource, from, to)
	}
	return fmt.Sprintf("%s allocation score on %s: %s -> %s", s.Resource, s.Node, from, to)
}
