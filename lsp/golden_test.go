package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"pcl/agents"
	"pcl/compiler"
)

// TestProtocol drives the server through a client, as an editor would,
// with the scripts of testdata/*.txtar, and compares every answer with
// the archive's want section (go test ./lsp -update rewrites them).
//
// An archive holds the policy's files on the disk (policy/NAME.pcl),
// buffers to type (any other name), a script and want. Script commands,
// positions LINE:COL 1-based:
//
//	initialize               the server's answer to initialize (sent first)
//	open NAME [SECTION]      didOpen with the file's text, or SECTION's
//	change NAME SECTION      didChange to SECTION's text
//	close NAME               didClose
//	write NAME SECTION       SECTION's text written on the disk, didChangeWatchedFiles
//	settle                   wait for diagnostics and plans; print the diagnostics
//	hover|definition|references|completion|codeaction NAME LINE:COL
//	rename NAME LINE:COL NEW
//	format|symbols NAME
func TestProtocol(t *testing.T) {
	archives, _ := filepath.Glob("testdata/*.txtar")
	if len(archives) == 0 {
		t.Fatal("no testdata/*.txtar")
	}
	for _, name := range archives {
		t.Run(strings.TrimSuffix(filepath.Base(name), ".txtar"), func(t *testing.T) {
			runArchive(t, name)
		})
	}
}

func runArchive(t *testing.T, name string) {
	ar, err := txtar.ParseFile(name)
	if err != nil {
		t.Fatal(err)
	}
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	sections := map[string]string{}
	for _, f := range ar.Files {
		sections[f.Name] = string(f.Data)
		if rest, ok := strings.CutPrefix(f.Name, "policy/"); ok {
			if err := os.WriteFile(filepath.Join(dir, rest), f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	agentDir, _ := filepath.Abs("../agents/testdata")
	clock := func() time.Time { return time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC) }
	c := newClient(t, dir, Options{Compile: compiler.Options{ForCluster: true, Agents: agents.Dir(agentDir)}, Now: clock})
	var out strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(sections["script"]), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		fmt.Fprintf(&out, "> %s\n", line)
		doc := func() map[string]any { return map[string]any{"uri": c.uri(f[1])} }
		at := func() map[string]any {
			return map[string]any{"textDocument": doc(), "position": pos(t, f[2])}
		}
		var res json.RawMessage
		switch f[0] {
		case "open":
			text, ok := sections["policy/"+f[1]]
			if len(f) > 2 {
				text, ok = sections[f[2]]
			}
			if !ok {
				t.Fatalf("%s: no text", line)
			}
			c.open(f[1], text)
			continue
		case "change":
			c.change(f[1], sections[f[2]])
			continue
		case "initialize":
			out.WriteString(indent(c.initialized) + "\n")
			continue
		case "close":
			c.notify("textDocument/didClose", map[string]any{"textDocument": doc()})
			continue
		case "write":
			// Another program writes the file on the disk.
			if err := os.WriteFile(filepath.Join(dir, f[1]), []byte(sections[f[2]]), 0o644); err != nil {
				t.Fatal(err)
			}
			c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": c.uri(f[1]), "type": 2}}})
			continue
		case "settle":
			c.settle()
			out.WriteString(c.diagnostics())
			continue
		case "hover":
			var h struct {
				Contents struct{ Value string } `json:"contents"`
			}
			c.call("textDocument/hover", at(), &h)
			out.WriteString(h.Contents.Value + "\n")
			continue
		case "completion":
			var l struct {
				Items []struct {
					Label, Detail, InsertText, SortText string
				} `json:"items"`
			}
			c.call("textDocument/completion", at(), &l)
			for _, it := range l.Items {
				fmt.Fprintf(&out, "%s\t%s\t%q\n", it.Label, it.Detail, it.InsertText)
			}
			continue
		case "definition":
			c.call("textDocument/definition", at(), &res)
		case "references":
			p := at()
			p["context"] = map[string]any{"includeDeclaration": true}
			c.call("textDocument/references", p, &res)
		case "rename":
			p := at()
			p["newName"] = f[3]
			c.call("textDocument/rename", p, &res)
		case "codeaction":
			p := pos(t, f[2])
			c.call("textDocument/codeAction", map[string]any{"textDocument": doc(),
				"range": map[string]any{"start": p, "end": p}, "context": map[string]any{"diagnostics": []any{}}}, &res)
		case "format":
			c.call("textDocument/formatting", map[string]any{"textDocument": doc(),
				"options": map[string]any{"tabSize": 2, "insertSpaces": true}}, &res)
		case "symbols":
			c.call("textDocument/documentSymbol", map[string]any{"textDocument": doc()}, &res)
		default:
			t.Fatalf("unknown command %q", line)
		}
		out.WriteString(indent(res) + "\n")
	}
	got := strings.ReplaceAll(out.String(), uriOf(dir), "file:///policy")
	got = strings.ReplaceAll(got, dir, "/policy")
	for i := range ar.Files {
		if ar.Files[i].Name == "want" {
			if *update {
				ar.Files[i].Data = []byte(got)
				if err := os.WriteFile(name, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if want := string(ar.Files[i].Data); want != got {
				t.Errorf("answers differ from the want section (-update rewrites it):\n%s", diffLines(want, got))
			}
			return
		}
	}
	t.Fatalf("no want section; got:\n%s", got)
}

// diffLines shows the first lines where want and got differ.
func diffLines(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\nwant: %s\ngot:  %s", i+1, a, b)
		}
	}
	return ""
}
