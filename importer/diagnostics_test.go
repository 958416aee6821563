package importer_test

import (
	"fmt"
	"os"
	"path/filepath"
	"pcl/internal/testenv"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"golang.org/x/tools/txtar"

	"pcl/importer"
)

// expectRE matches an expected diagnostic written next to the offending
// line: <!-- error: Summary --> or <!-- warning: Summary -->.
var expectRE = regexp.MustCompile(`<!-- (error|warning): ([^>]*?) -->`)

// TestDiagnostics reads each testdata/diagnostics/*.txtar input.xml and
// checks that every diagnostic is announced on its line (and every
// announcement met), then compares the full text with the golden
// "diagnostics" section.
func TestDiagnostics(t *testing.T) {
	files, err := filepath.Glob("testdata/diagnostics/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test files: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			input := section(t, ar, "input.xml")
			cib, diags := importer.Read("input.xml", input)
			if diags.HasErrors() != (cib == nil) {
				t.Errorf("cib is nil: %v, errors: %v; want nil exactly when there are errors", cib == nil, diags.HasErrors())
			}
			checkAnnotations(t, input, diags)
			got := formatDiags(diags)
			if testenv.Update() {
				setSection(ar, "diagnostics", got)
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if want := string(section(t, ar, "diagnostics")); got != want {
				t.Errorf("diagnostics differ (run with -update to accept):\ngot:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

func checkAnnotations(t *testing.T, input []byte, diags hcl.Diagnostics) {
	t.Helper()
	type want struct {
		line     int
		severity string
		summary  string
	}
	var wants []want
	for i, line := range strings.Split(string(input), "\n") {
		for _, m := range expectRE.FindAllStringSubmatch(line, -1) {
			wants = append(wants, want{i + 1, m[1], m[2]})
		}
	}
	met := make([]bool, len(wants))
	for _, d := range diags {
		if d.Subject == nil {
			t.Errorf("diagnostic without a subject: %s", d.Error())
			continue
		}
		if d.Subject.Start.Line < 1 || d.Subject.Start.Column < 1 || d.Subject.Filename != "input.xml" {
			t.Errorf("diagnostic with a bad position %v: %s", d.Subject, d.Error())
		}
		if !strings.HasSuffix(d.Detail, ".") && !strings.HasSuffix(d.Detail, "?") {
			t.Errorf("detail is not a full sentence: %q", d.Detail)
		}
		sev := "warning"
		if d.Severity == hcl.DiagError {
			sev = "error"
		}
		found := false
		for i, w := range wants {
			if !met[i] && w.line == d.Subject.Start.Line && w.severity == sev && w.summary == d.Summary {
				met[i], found = true, true
				break
			}
		}
		if !found {
			t.Errorf("unexpected %s at line %d: %s", sev, d.Subject.Start.Line, d.Error())
		}
	}
	for i, w := range wants {
		if !met[i] {
			t.Errorf("line %d: expected %s %q, not reported", w.line, w.severity, w.summary)
		}
	}
}

func formatDiags(diags hcl.Diagnostics) string {
	var b strings.Builder
	for _, d := range diags {
		sev := "warning"
		if d.Severity == hcl.DiagError {
			sev = "error"
		}
		fmt.Fprintf(&b, "%s:%d:%d: %s: %s; %s\n", d.Subject.Filename, d.Subject.Start.Line, d.Subject.Start.Column, sev, d.Summary, d.Detail)
	}
	return b.String()
}

func section(t *testing.T, ar *txtar.Archive, name string) []byte {
	t.Helper()
	for _, f := range ar.Files {
		if f.Name == name {
			return f.Data
		}
	}
	t.Fatalf("no %s section", name)
	return nil
}

func setSection(ar *txtar.Archive, name, data string) {
	for i := range ar.Files {
		if ar.Files[i].Name == name {
			ar.Files[i].Data = []byte(data)
			return
		}
	}
	ar.Files = append(ar.Files, txtar.File{Name: name, Data: []byte(data)})
}

// TestDeepNesting checks that absurd nesting is refused, not recursed into.
func TestDeepNesting(t *testing.T) {
	src := "<cib>" + strings.Repeat("<a>", 10000) + strings.Repeat("</a>", 10000) + "</cib>"
	cib, diags := importer.Read("deep.xml", []byte(src))
	if cib != nil || len(diags) != 1 || diags[0].Summary != "XML nested too deeply" {
		t.Fatalf("got %v, %v; want one nesting error", cib, diags)
	}
	if s := diags[0].Subject; s.Start.Line != 1 || s.Start.Column != 6+3*63 {
		t.Errorf("reported at %d:%d, want 1:%d (the 65th element)", s.Start.Line, s.Start.Column, 6+3*63)
	}
}
