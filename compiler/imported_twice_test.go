package compiler

import (
	"os"
	"path/filepath"
	"testing"
)

// TestImportedTwice checks that a .pcl written by pcl import into the
// directory of the policy it came from gives one clear error, not one per
// repeated block.
func TestImportedTwice(t *testing.T) {
	policy := `node "n1" {}
node "n2" {}
primitive "web" {
  agent = "ocf:heartbeat:apache"
  op "monitor" {
    interval = "10s"
  }
}
`
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "main.pcl"), []byte(policy), 0o644)
	os.WriteFile(filepath.Join(dir, "imported.pcl"), []byte("# Imported from cib.xml by pcl import.\n\n"+policy), 0o644)
	_, _, diags := Compile([]string{dir}, Options{})
	if len(diags) != 1 || diags[0].Summary != "Imported policy compiled with its source" || diags[0].Subject.Filename != filepath.Join(dir, "imported.pcl") {
		t.Fatalf("want one error at imported.pcl, got %d: %v", len(diags), diags)
	}
}
