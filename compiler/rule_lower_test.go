package compiler

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"golang.org/x/tools/txtar"

	"pcl/dsl/rule"
	"pcl/emit/pclgen"
	"pcl/importer"
	"pcl/internal/testenv"
	"pcl/ir"
)

// TestLowerRuleGolden lowers each NAME.rule of testdata/rule_lower.txtar
// and compares the IR with NAME.ir. A first line "ids: a, b" sets
// ruleOptions.IDs. Errors are written as "!!" lines under the line they
// point at.
func TestLowerRuleGolden(t *testing.T) {
	path := filepath.Join("testdata", "rule_lower.txtar")
	ar, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := &txtar.Archive{Comment: ar.Comment}
	for _, f := range ar.Files {
		if !strings.HasSuffix(f.Name, ".rule") {
			continue
		}
		text := string(f.Data)
		var opts = ruleOptions{ID: "loc1-rule", Score: ir.NewScore(ir.Infinity)}
		body := text
		if rest, ok := strings.CutPrefix(text, "ids:"); ok {
			line, after, _ := strings.Cut(rest, "\n")
			for _, id := range strings.Split(line, ",") {
				opts.IDs = append(opts.IDs, strings.TrimSpace(id))
			}
			body = after
		}
		body = strings.TrimSuffix(body, "\n")
		e, diags := rule.Parse(body, hcl.InitialPos, f.Name)
		var got string
		if !diags.HasErrors() {
			var r *ir.Rule
			r, diags = lowerRule(e, opts)
			if r != nil {
				got = dumpRule(r, "")
			}
		}
		for _, d := range diags {
			got += fmt.Sprintf("!! %d:%d %s: %s\n", d.Subject.Start.Line, d.Subject.Start.Column, d.Summary, d.Detail)
		}
		out.Files = append(out.Files, f, txtar.File{Name: strings.TrimSuffix(f.Name, ".rule") + ".ir", Data: []byte(got)})
	}
	testenv.CheckArchive(t, path, out)
}

// dumpRule renders a rule as indented XML-like lines.
func dumpRule(r *ir.Rule, ind string) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s<rule id=%q", ind, r.ID)
	if r.BooleanOp != "" {
		fmt.Fprintf(&sb, " boolean-op=%q", r.BooleanOp)
	}
	if r.Score != nil {
		fmt.Fprintf(&sb, " score=%q", r.Score.Text)
	}
	if r.ScoreAttribute != "" {
		fmt.Fprintf(&sb, " score-attribute=%q", r.ScoreAttribute)
	}
	if r.Role != "" {
		fmt.Fprintf(&sb, " role=%q", r.Role)
	}
	sb.WriteString(">\n")
	in := ind + "  "
	for _, t := range r.Terms {
		switch t := t.(type) {
		case *ir.Rule:
			sb.WriteString(dumpRule(t, in))
		case *ir.Expression:
			fmt.Fprintf(&sb, "%s<expression id=%q attribute=%q operation=%q", in, t.ID, t.Attribute, t.Operation)
			if t.Value != nil {
				fmt.Fprintf(&sb, " value=%q", *t.Value)
			}
			if t.Type != "" {
				fmt.Fprintf(&sb, " type=%q", t.Type)
			}
			if t.ValueSource != "" {
				fmt.Fprintf(&sb, " value-source=%q", t.ValueSource)
			}
			sb.WriteString("/>\n")
		case *ir.DateExpression:
			fmt.Fprintf(&sb, "%s<date_expression id=%q operation=%q", in, t.ID, t.Operation)
			if t.Start != "" {
				fmt.Fprintf(&sb, " start=%q", t.Start)
			}
			if t.End != "" {
				fmt.Fprintf(&sb, " end=%q", t.End)
			}
			sb.WriteString(">\n")
			if t.Duration != nil {
				fmt.Fprintf(&sb, "%s  <duration %s/>\n", in, dumpSpec(t.Duration))
			}
			if t.Spec != nil {
				fmt.Fprintf(&sb, "%s  <date_spec %s/>\n", in, dumpSpec(t.Spec))
			}
		case *ir.ResourceExpression:
			fmt.Fprintf(&sb, "%s<rsc_expression id=%q class=%q provider=%q type=%q/>\n", in, t.ID, t.Class, t.Provider, t.Type)
		case *ir.OpExpression:
			fmt.Fprintf(&sb, "%s<op_expression id=%q name=%q interval=%q/>\n", in, t.ID, t.Name, t.Interval)
		}
	}
	return sb.String()
}

func dumpSpec(s *ir.DateSpec) string {
	parts := []string{fmt.Sprintf("id=%q", s.ID)}
	v := reflect.ValueOf(*s)
	for i := 0; i < v.NumField(); i++ {
		name := v.Type().Field(i).Name
		if name == "ID" || v.Field(i).String() == "" {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s=%q", strings.ToLower(name), v.Field(i).String()))
	}
	return strings.Join(parts, " ")
}

// TestFormatRuleRoundTrip checks, for every rule of the corpus, that
// lowering the string FormatRule writes gives back the same rule.
func TestFormatRuleRoundTrip(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(testenv.CorpusDir(t), "xml", "*.xml"))
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, fn := range files {
		src, err := os.ReadFile(fn)
		if err != nil {
			t.Fatal(err)
		}
		cib, diags := importer.Read(fn, src)
		if diags.HasErrors() {
			continue // the importer's tests report these
		}
		for _, r := range ir.OutermostRules(cib) {
			total++
			if r.IDRef != "" {
				continue
			}
			text, ids, err := pclgen.FormatRule(r)
			if err != nil {
				t.Errorf("%s: rule %s: %v", filepath.Base(fn), r.ID, err)
				continue
			}
			e, diags := rule.Parse(text, hcl.InitialPos, "roundtrip")
			if diags.HasErrors() {
				t.Errorf("%s: rule %s: %q does not parse: %s", filepath.Base(fn), r.ID, text, diags.Error())
				continue
			}
			back, diags := lowerRule(e, ruleOptions{ID: r.ID, Score: r.Score, ScoreAttribute: r.ScoreAttribute, Role: r.Role, IDs: ids})
			if diags.HasErrors() {
				t.Errorf("%s: rule %s: %q does not lower: %s", filepath.Base(fn), r.ID, text, diags.Error())
				continue
			}
			if got, want := dumpRule(back, ""), dumpRule(r, ""); got != want {
				t.Errorf("%s: rule %s: %q (ids %q) reads back as\n%swant\n%s", filepath.Base(fn), r.ID, text, ids, got, want)
			}
		}
	}
	if total < 1000 {
		t.Errorf("found only %d rules in the corpus; expected about 1100", total)
	}
	t.Logf("%d corpus rules round-tripped", total)
}
