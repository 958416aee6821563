package testenv

import (
	"bufio"
	"os"
	"path/filepath"
	"pcl/pcmk"
	"runtime"
	"strings"
	"testing"
)

// ModuleRoot is the directory holding go.mod.
func ModuleRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Clean(filepath.Join(filepath.Dir(file), "..", ".."))
}

// CorpusDir is Pacemaker 2.1.5's scheduler corpus: $PCL_CORPUS, else
// ../shared/pacemaker-cts beside the module root. Tests that need it are
// skipped when it is missing, unless PCL_REQUIRE_ORACLE=1.
func CorpusDir(t testing.TB) string {
	t.Helper()
	return CorpusOf(t, "2.1.5").Dir
}

// Corpus is one Pacemaker release's scheduler regression corpus.
type Corpus struct {
	// Release is "2.1.5" or "3.0".
	Release string
	Dir     string
	// Target is the release its expected outputs are crm_simulate's of.
	Target pcmk.Target
}

// Corpora are the releases with a corpus, oldest first.
var Corpora = []string{"2.1.5", "3.0"}

// CorpusOf is the corpus of release "2.1.5" ($PCL_CORPUS, else
// ../shared/pacemaker-cts) or "3.0" ($PCL_CORPUS_30, else
// ../shared/pacemaker-cts-3.0, Pacemaker 3.0.1's). A missing corpus skips
// the test, or fails it when PCL_REQUIRE_ORACLE=1.
func CorpusOf(t testing.TB, release string) *Corpus {
	t.Helper()
	env, sub, v := "PCL_CORPUS", "pacemaker-cts", pcmk.V2_1_5
	if release == "3.0" {
		env, sub, v = "PCL_CORPUS_30", "pacemaker-cts-3.0", pcmk.Version{Major: 3, Minor: 0, Patch: 1}
	} else if release != "2.1.5" {
		t.Fatalf("testenv: no corpus for Pacemaker %q", release)
	}
	dir := os.Getenv(env)
	if dir == "" {
		dir = filepath.Join(ModuleRoot(), "..", "shared", sub)
	}
	if _, err := os.Stat(filepath.Join(dir, "tests.tsv")); err != nil {
		if Required() {
			t.Fatalf("corpus not found at %s (set %s): %v", dir, env, err)
		}
		t.Skipf("corpus not found at %s (set %s)", dir, env)
	}
	return &Corpus{Release: release, Dir: dir, Target: pcmk.NewTarget(v, pcmk.FromFlag)}
}

// CorpusTest is one row of tests.tsv.
type CorpusTest struct {
	Name        string
	Description string
	Args        string // extra crm_simulate arguments
	Now         string // the -t DATE of Args, "" when none
}

// CorpusTests reads the 2.1.5 corpus's tests.tsv.
func CorpusTests(t testing.TB) []CorpusTest {
	t.Helper()
	return CorpusOf(t, "2.1.5").Tests(t)
}

// Tests reads the corpus's tests.tsv.
func (c *Corpus) Tests(t testing.TB) []CorpusTest {
	t.Helper()
	f, err := os.Open(filepath.Join(c.Dir, "tests.tsv"))
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
	listed := map[string]bool{}
	for _, ct := range out {
		listed[ct.Name] = true
	}
	for _, ct := range only64Bit[c.Release] {
		if !listed[ct.Name] {
			out = append(out, ct)
		}
	}
	return out
}

// only64Bit are the tests a release's cts-scheduler runs only where time_t
// has 64 bits (TESTS_64BIT), which its corpus's tests.tsv leaves out though
// tiers.txt lists them. This machine's time_t has 64 bits, and crm_simulate
// 2.1.5 here prints year-2038's stored summary exactly, so it is a test
// like the rest (the 3.0 corpus lists it).
var only64Bit = map[string][]CorpusTest{
	"2.1.5": {{Name: "year-2038", Description: "Check handling of timestamps beyond 2038-01-19 03:14:08 UTC"}},
}

// Tier returns the names of the 2.1.5 corpus tests of the given tiers
// (0-4), from tiers.txt, in file order.
func Tier(t testing.TB, tiers ...int) []string {
	t.Helper()
	return CorpusOf(t, "2.1.5").tierNames(t, tiers)
}

// Tier returns the names of the corpus's tests of the given tiers (0-4),
// from tiers.txt, in file order, leaving out those tests.tsv does not
// list (3.0.1's xml/ holds two it does not run).
func (c *Corpus) Tier(t testing.TB, tiers ...int) []string {
	t.Helper()
	listed := map[string]bool{}
	for _, ct := range c.Tests(t) {
		listed[ct.Name] = true
	}
	var out []string
	for _, n := range c.tierNames(t, tiers) {
		if listed[n] {
			out = append(out, n)
		}
	}
	return out
}

func (c *Corpus) tierNames(t testing.TB, tiers []int) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(c.Dir, "tiers.txt"))
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
