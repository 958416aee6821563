package testenv

import (
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

var updateRatchet = flag.Bool("update-ratchet", false, "rewrite ratchet files with the corpus tests that pass now")

// Ratchet checks corpus results against a committed list of tests known to
// pass (testdata/ratchet/<name>.txt under the module root). A listed test
// that fails fails the build; a test that passes but is not listed also
// fails, so the list grows in the same commit as the fix. Run the tests
// with -update-ratchet to rewrite the list.
//
// results maps every test in scope to whether it passed.
func Ratchet(t *testing.T, name string, results map[string]bool) {
	t.Helper()
	path := filepath.Join(ModuleRoot(), "testdata", "ratchet", name+".txt")
	var passing []string
	for n, ok := range results {
		if ok {
			passing = append(passing, n)
		}
	}
	sort.Strings(passing)
	t.Logf("ratchet %s: %d of %d pass", name, len(passing), len(results))
	if *updateRatchet {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(strings.Join(passing, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, n := range strings.Fields(string(data)) {
		listed[n] = true
	}
	for n := range listed {
		ok, inScope := results[n]
		if inScope && !ok {
			t.Errorf("ratchet %s: %s is listed as passing but fails now", name, n)
		}
	}
	var fresh []string
	for _, n := range passing {
		if !listed[n] {
			fresh = append(fresh, n)
		}
	}
	if len(fresh) > 0 {
		t.Errorf("ratchet %s: %d tests pass but are not listed in %s; run with -update-ratchet and commit the list: %s",
			name, len(fresh), path, strings.Join(fresh, " "))
	}
}
