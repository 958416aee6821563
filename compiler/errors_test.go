package compiler

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
)

// expectation matches "# ERROR: Summary" or "# WARNING: Summary" at the end
// of a line of a testdata/errors policy: the diagnostic that line must get.
// "# ERROR@17: Summary" also asks for the column where its subject starts.
var expectation = regexp.MustCompile(`#\s*(ERROR|WARNING)(?:@(\d+))?:\s*(.+?)\s*$`)

// TestErrors compiles each testdata/errors/*.pcl and compares its
// diagnostics (severity, summary and line) with the comments on the
// offending lines. Every diagnostic must have a subject range.
func TestErrors(t *testing.T) {
	files, _ := filepath.Glob("testdata/errors/*.pcl")
	if len(files) == 0 {
		t.Fatal("no testdata/errors/*.pcl")
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			withColumn := map[int]bool{}
			sc := bufio.NewScanner(bytes.NewReader(src))
			for line := 1; sc.Scan(); line++ {
				if m := expectation.FindStringSubmatch(sc.Text()); m != nil {
					pos := fmt.Sprint(line)
					if m[2] != "" {
						pos += ":" + m[2]
						withColumn[line] = true
					}
					want = append(want, fmt.Sprintf("%s: %s: %s", pos, m[1], m[3]))
				}
			}
			_, _, diags := Compile([]string{path}, Options{})
			var got []string
			for _, d := range diags {
				if d.Subject == nil {
					t.Errorf("diagnostic without a source range: %s: %s", d.Summary, d.Detail)
					continue
				}
				if d.Detail == "" || !strings.HasSuffix(strings.TrimSpace(d.Detail), ".") && !strings.HasSuffix(strings.TrimSpace(d.Detail), "?") {
					t.Errorf("line %d: %q: the detail should be a full sentence: %q", d.Subject.Start.Line, d.Summary, d.Detail)
				}
				sev := "ERROR"
				if d.Severity == hcl.DiagWarning {
					sev = "WARNING"
				}
				pos := fmt.Sprint(d.Subject.Start.Line)
				if withColumn[d.Subject.Start.Line] {
					pos += fmt.Sprintf(":%d", d.Subject.Start.Column)
				}
				got = append(got, fmt.Sprintf("%s: %s: %s", pos, sev, d.Summary))
			}
			sort.Strings(want)
			sort.Strings(got)
			if strings.Join(want, "\n") != strings.Join(got, "\n") {
				t.Errorf("diagnostics differ\nwant:\n  %s\ngot:\n  %s", strings.Join(want, "\n  "), strings.Join(got, "\n  "))
			}
		})
	}
}
