package testenv

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite golden files (testdata/*.txtar) with the current output")

// Update reports whether the tests run with -update: golden files are
// rewritten instead of compared.
func Update() bool { return *update }

// CheckArchive compares got, a golden archive as the test computed it
// (inputs and outputs), with the archive stored at path. With -update it
// writes got to path instead; otherwise each differing file is reported.
func CheckArchive(t testing.TB, path string, got *txtar.Archive) {
	t.Helper()
	have := txtar.Format(got)
	old, err := os.ReadFile(path)
	if err == nil && bytes.Equal(old, have) {
		return
	}
	if *update {
		if err := os.WriteFile(path, have, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	want := map[string]string{}
	for _, f := range txtar.Parse(old).Files {
		want[f.Name] = string(f.Data)
	}
	reported := false
	for _, f := range got.Files {
		if want[f.Name] != string(f.Data) {
			t.Errorf("%s: %s differs (go test -update rewrites it)\n--- want\n%s--- got\n%s", path, f.Name, want[f.Name], f.Data)
			reported = true
		}
	}
	if !reported {
		t.Errorf("%s: the comment or the list of files differs (go test -update rewrites it)", path)
	}
}

// EachArchive runs fn as a subtest, named after the file, for every
// testdata/*.txtar of the package's directory, parsed; it fails when
// there is none.
func EachArchive(t *testing.T, fn func(t *testing.T, path string, ar *txtar.Archive)) {
	t.Helper()
	files, _ := filepath.Glob("testdata/*.txtar")
	if len(files) == 0 {
		t.Fatal("no golden files")
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			fn(t, path, ar)
		})
	}
}
