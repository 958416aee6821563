package testenv

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// ModuleRoot is the directory holding go.mod.
func ModuleRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Clean(filepath.Join(filepath.Dir(file), "..", ".."))
}

// CorpusDir is the Pacemaker scheduler corpus: $PCL_CORPUS, else
// ../shared/pacemaker-cts beside the module root. Tests that need it are
// skipped when it is missing, unless PCL_REQUIRE_ORACLE=1.
func CorpusDir(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("PCL_CORPUS")
	if dir == "" {
		dir = filepath.Join(ModuleRoot(), "..", "shared", "pacemaker-cts")
	}
	if _, err := os.Stat(filepath.Join(dir, "tests.tsv")); err != nil {
		if Required() {
			t.Fatalf("corpus not found at %s (set PCL_CORPUS): %v", dir, err)
		}
		t.Skipf("corpus not found at %s (set PCL_CORPUS)", dir)
	}
	return dir
}

// CorpusTest is one row of tests.tsv.
type CorpusTest struct {
	Name        string
	Description string
	Args        string // extra crm_simulate arguments
	Now         string // the -t DATE of Args, "" when none
}

// CorpusTests reads tests.tsv.
func CorpusTests(t testing.TB) []CorpusTest {
	t.Helper()
	dir := CorpusDir(t)
	f, err := os.Open(filepath.Join(dir, "tests.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []CorpusTest
	sc := bufio.NewScanner(f)
	first := true
	for sc.Scan() {
		if first {
			first = false
			continue
		}
		cols := strings.Split(sc.Text(), "\t")
		for len(cols) < 3 {
			cols = append(cols, "")
		}
		ct := CorpusTest{Name: cols[0], Description: cols[1], Args: cols[2]}
		fields := strings.Fields(ct.Args)
		for i, a := range fields {
			if a == "-t" && i+1 < len(fields) {
				ct.Now = strings.Trim(fields[i+1], `"'`)
			}
		}
		out = append(out, ct)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// Tier returns the names of the corpus tests of the given tiers (0-4), from
// tiers.txt, in file order.
func Tier(t testing.TB, tiers ...int) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(CorpusDir(t), "tiers.txt"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, n := range tiers {
		want["## tier "+string(rune('0'+n))] = true
	}
	var out []string
	take := false
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "## ") {
			head := line
			if i := strings.Index(head, " ("); i > 0 {
				head = head[:i]
			}
			take = want[head]
			continue
		}
		if take {
			out = append(out, strings.Fields(line)...)
		}
	}
	return out
}

// ListFile reads a corpus list file of one name per line (tier01_core.txt).
func ListFile(t testing.TB, name string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(CorpusDir(t), name))
	if err != nil {
		t.Fatal(err)
	}
	return strings.Fields(string(data))
}
