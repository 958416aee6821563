package rule

import (
	"fmt"
	"os"
	"path/filepath"
	"pcl/internal/testenv"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"golang.org/x/tools/txtar"
)

// Golden files: testdata/valid.txtar pairs NAME.rule with NAME.ast;
// testdata/errors.txtar holds one rule per section, each diagnostic on a
// "!!" line right after the line it points at; testdata/attr.txtar holds
// .pcl files whose "rule" attributes are parsed with ParseAttr, annotated
// the same way.

func TestValidGolden(t *testing.T) {
	path := filepath.Join("testdata", "valid.txtar")
	ar := mustReadArchive(t, path)
	var out txtar.Archive
	out.Comment = ar.Comment
	for _, f := range ar.Files {
		if !strings.HasSuffix(f.Name, ".rule") {
			continue
		}
		text := strings.TrimSuffix(string(f.Data), "\n")
		e, diags := Parse(text, hcl.InitialPos, f.Name)
		var got string
		if diags.HasErrors() {
			got = "unexpected errors:\n" + formatDiags(diags)
		} else {
			got = dump(e)
		}
		out.Files = append(out.Files, f, txtar.File{Name: strings.TrimSuffix(f.Name, ".rule") + ".ast", Data: []byte(got)})
	}
	testenv.CheckArchive(t, path, &out)
}

func TestErrorGolden(t *testing.T) {
	path := filepath.Join("testdata", "errors.txtar")
	ar := mustReadArchive(t, path)
	var out txtar.Archive
	out.Comment = ar.Comment
	for _, f := range ar.Files {
		text := stripAnnotations(string(f.Data))
		_, diags := Parse(strings.TrimSuffix(text, "\n"), hcl.InitialPos, f.Name)
		if !diags.HasErrors() {
			t.Errorf("%s: no error for %q", f.Name, text)
		}
		out.Files = append(out.Files, txtar.File{Name: f.Name, Data: []byte(annotate(text, diags))})
	}
	testenv.CheckArchive(t, path, &out)
}

func TestParseAttrGolden(t *testing.T) {
	path := filepath.Join("testdata", "attr.txtar")
	ar := mustReadArchive(t, path)
	var out txtar.Archive
	out.Comment = ar.Comment
	dir := t.TempDir()
	for _, f := range ar.Files {
		text := stripAnnotations(string(f.Data))
		// ParseAttr reads the file for escaped strings, so it must exist.
		fn := filepath.Join(dir, f.Name)
		if err := os.WriteFile(fn, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		file, diags := hclsyntax.ParseConfig([]byte(text), fn, hcl.InitialPos)
		if diags.HasErrors() {
			t.Fatalf("%s: %s", f.Name, diags.Error())
		}
		attrs, _ := file.Body.JustAttributes()
		var all hcl.Diagnostics
		for _, name := range sortedKeys(attrs) {
			_, d := ParseAttr(attrs[name].Expr, nil)
			all = append(all, d...)
		}
		out.Files = append(out.Files, txtar.File{Name: f.Name, Data: []byte(annotate(text, all))})
	}
	testenv.CheckArchive(t, path, &out)
}

func sortedKeys(m hcl.Attributes) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	for i := range ks {
		for j := i + 1; j < len(ks); j++ {
			if ks[j] < ks[i] {
				ks[i], ks[j] = ks[j], ks[i]
			}
		}
	}
	return ks
}

func stripAnnotations(s string) string {
	var keep []string
	for _, l := range strings.SplitAfter(s, "\n") {
		if !strings.HasPrefix(l, "!! ") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "")
}

// annotate puts each diagnostic on a "!!" line after the line it starts on.
func annotate(text string, diags hcl.Diagnostics) string {
	lines := strings.SplitAfter(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	var sb strings.Builder
	for i, l := range lines {
		sb.WriteString(l)
		if !strings.HasSuffix(l, "\n") {
			sb.WriteString("\n")
		}
		for _, d := range diags {
			if d.Subject != nil && d.Subject.Start.Line == i+1 {
				fmt.Fprintf(&sb, "!! %d:%d-%d:%d %s: %s\n", d.Subject.Start.Line, d.Subject.Start.Column,
					d.Subject.End.Line, d.Subject.End.Column, d.Summary, d.Detail)
			}
		}
	}
	for _, d := range diags {
		if d.Subject == nil || d.Subject.Start.Line > len(lines) || d.Subject.Start.Line < 1 {
			fmt.Fprintf(&sb, "!! (no line) %s: %s\n", d.Summary, d.Detail)
		}
	}
	return sb.String()
}

func formatDiags(diags hcl.Diagnostics) string {
	var sb strings.Builder
	for _, d := range diags {
		fmt.Fprintf(&sb, "%s: %s: %s\n", d.Subject, d.Summary, d.Detail)
	}
	return sb.String()
}

func mustReadArchive(t *testing.T, path string) *txtar.Archive {
	t.Helper()
	ar, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return ar
}
