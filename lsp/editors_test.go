package lsp

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"pcl/dsl"
)

// The VS Code extension's manifest and grammar are valid JSON, and the
// grammar highlights every top-level block type the language has.
func TestVSCodeExtension(t *testing.T) {
	var manifest struct {
		Main        string
		Contributes struct {
			Languages []struct{ ID string }
			Grammars  []struct{ Path string }
		}
	}
	readJSON(t, "../editors/vscode/package.json", &manifest)
	if _, err := os.Stat("../editors/vscode/" + manifest.Main); err != nil {
		t.Errorf("main %q: %v", manifest.Main, err)
	}
	if len(manifest.Contributes.Languages) != 1 || manifest.Contributes.Languages[0].ID != "pcl" ||
		len(manifest.Contributes.Grammars) != 1 {
		t.Fatalf("contributes %+v", manifest.Contributes)
	}
	var grammar any
	readJSON(t, "../editors/vscode/"+manifest.Contributes.Grammars[0].Path, &grammar)
	raw, _ := os.ReadFile("../editors/vscode/" + manifest.Contributes.Grammars[0].Path)
	for _, typ := range dsl.TopLevel {
		if !strings.Contains(string(raw), typ+"|") && !strings.Contains(string(raw), "|"+typ+")") {
			t.Errorf("the grammar does not highlight the block type %s", typ)
		}
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}
