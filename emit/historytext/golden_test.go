package historytext_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"pcl/emit/cibxml"
	"pcl/emit/historytext"
	"pcl/history"
	"pcl/internal/chain"
	"pcl/internal/testenv"
)

// TestGolden renders the history of chain.Failover (a node lost and
// fenced, back, a failed monitor, a location moved) as text and JSON and
// compares them with testdata/failover.*; -update rewrites them.
func TestGolden(t *testing.T) {
	base, err := chain.FailoverBase()
	if err != nil {
		t.Fatal(err)
	}
	built, err := chain.Build(base, chain.Failover(), time.Date(2026, 11, 26, 3, 0, 0, 0, time.UTC), 40)
	if err != nil {
		t.Fatal(err)
	}
	var files []history.File
	for _, f := range built {
		files = append(files, history.File{Name: f.Name, Source: f.Source})
	}
	rep, err := history.Explain(history.Read(files), history.Options{Write: cibxml.WriteConfig})
	if err != nil {
		t.Fatal(err)
	}
	js, err := historytext.JSON(rep)
	if err != nil {
		t.Fatal(err)
	}
	for name, got := range map[string][]byte{"failover.txt": historytext.Text(rep), "failover.json": js} {
		path := filepath.Join("testdata", name)
		if testenv.Update() {
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("%s differs (go test -update rewrites it); got:\n%s", name, got)
		}
	}
}
