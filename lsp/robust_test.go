package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every request answers, without a panic, on every prefix of a policy:
// what an editor holds while the policy is typed from the first byte.
func TestEveryPrefix(t *testing.T) {
	src, err := os.ReadFile("../examples/datacenter/services.pcl")
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	dir, _ := filepath.EvalSymlinks(t.TempDir())
	c := newClient(t, dir, Options{})
	c.open("p.pcl", "")
	step := 7
	if testing.Short() {
		step = 97
	}
	for n := 0; n <= len(text); n += step {
		prefix := text[:n]
		c.change("p.pcl", prefix)
		doc := map[string]any{"uri": c.uri("p.pcl")}
		end := map[string]any{"line": strings.Count(prefix, "\n"), "character": len(prefix) - strings.LastIndexByte(prefix, '\n') - 1}
		at := map[string]any{"textDocument": doc, "position": end}
		var res any
		for _, m := range []string{"textDocument/hover", "textDocument/completion", "textDocument/definition", "textDocument/prepareRename"} {
			c.call(m, at, &res)
		}
		c.call("textDocument/documentSymbol", map[string]any{"textDocument": doc}, &res)
		c.call("textDocument/formatting", map[string]any{"textDocument": doc, "options": map[string]any{"tabSize": 2, "insertSpaces": true}}, &res)
		c.call("textDocument/codeAction", map[string]any{"textDocument": doc, "range": map[string]any{"start": end, "end": end},
			"context": map[string]any{"diagnostics": []any{}}}, &res)
	}
	c.settle()
}
