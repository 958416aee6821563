package compiler

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"pcl/dsl"
)

// hclFence finds the ```hcl code blocks of docs/language.md.
var hclFence = regexp.MustCompile("(?s)```hcl\n(.*?)```")

// TestLanguageDocSnippets compiles every hcl example of docs/language.md on
// its own. Examples may refer to resources other examples declare, so
// dangling references are allowed; any other error fails.
func TestLanguageDocSnippets(t *testing.T) {
	doc, err := os.ReadFile("../docs/language.md")
	if err != nil {
		t.Fatal(err)
	}
	allowed := map[string]bool{"Unknown resource": true, "Unknown fencing device": true, "Unknown template": true, "Unknown id": true}
	n := 0
	for _, m := range hclFence.FindAllSubmatch(doc, -1) {
		src := m[1]
		if strings.HasPrefix(string(src), "set {") {
			continue // a fragment of a constraint
		}
		n++
		file, diags := dsl.Parse(src, "snippet.pcl")
		if !diags.HasErrors() {
			_, d := compilePolicy(&dsl.Policy{Files: []*dsl.File{file}}, map[string]*hcl.File{"snippet.pcl": file.HCL}, Options{})
			diags = append(diags, d...)
		}
		for _, d := range diags {
			if d.Severity == hcl.DiagError && !allowed[d.Summary] {
				t.Errorf("docs/language.md example %d: %s: %s\n%s", n, d.Summary, d.Detail, src)
			}
		}
	}
	if n < 20 {
		t.Errorf("only %d examples found", n)
	}
}
