package scores

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"pcl/importer"
	"pcl/internal/testenv"
	"pcl/pcmk"
	"pcl/planner"
)

// TestUtilizationOracle compares the utilization lines of `pcl scores
// --utilization --format crm_simulate` (the nodes' original and remaining
// capacities, each assignment's utilization) with those crm_simulate -sUQ
// prints for the corpus CIBs that use utilization (features.tsv), as
// multisets: 2.1.5's crm_simulate for the 2.1.5 corpus, 3.0.0's (the
// oracle's chroot) for the 3.0 corpus, whose expected files hold no such
// lines. Ratchets: RELEASE/utilization. PCL_UTILIZATION_VERBOSE logs the
// differences.
func TestUtilizationOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("runs crm_simulate on every corpus CIB with utilization")
	}
	names := utilizationTests(t)
	verbose := os.Getenv("PCL_UTILIZATION_VERBOSE") != ""
	for _, release := range testenv.Corpora {
		t.Run(release, func(t *testing.T) {
			c := testenv.CorpusOf(t, release)
			now := map[string]string{}
			for _, ct := range c.Tests(t) {
				now[ct.Name] = ct.Now
			}
			oracle := utilizationOracle(t, release)
			results := map[string]bool{}
			for _, name := range names {
				path := filepath.Join(c.Dir, "xml", name+".xml")
				src, err := os.ReadFile(path)
				if err != nil {
					continue // not in this release's corpus
				}
				want := utilizationLines(oracle(src, now[name]))
				got := utilizationLines(string(pclUtilization(t, c.Target, path, src, now[name])))
				missing, extra := testenv.MultisetDiff(want, got)
				results[name] = len(want) > 0 && len(missing) == 0 && len(extra) == 0
				if verbose && !results[name] {
					t.Logf("%s: %d lines missing, %d extra\n  - %s\n  + %s", name, len(missing), len(extra),
						strings.Join(missing, "\n  - "), strings.Join(extra, "\n  + "))
				}
			}
			testenv.Ratchet(t, release+"/utilization", results)
		})
	}
}

// utilizationTests are the 2.1.5 corpus tests that use utilization.
func utilizationTests(t *testing.T) []string {
	f, err := os.Open(filepath.Join(testenv.CorpusOf(t, "2.1.5").Dir, "features.tsv"))
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	col := -1
	var names []string
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if col < 0 {
			for i, c := range cols {
				if c == "utilization" {
					col = i
				}
			}
			if col < 0 {
				t.Fatal("features.tsv has no utilization column")
			}
			continue
		}
		if col < len(cols) && cols[col] == "1" {
			names = append(names, cols[0])
		}
	}
	return names
}

// utilizationOracle runs the release's crm_simulate -sUQ on a CIB.
func utilizationOracle(t *testing.T, release string) func(cib []byte, now string) string {
	args := func(now string) []string {
		a := []string{"-sUQ"}
		if now != "" {
			a = append(a, "-t", now)
		}
		return a
	}
	if release == "2.1.5" {
		prog := testenv.Tool(t, "crm_simulate")
		dir := t.TempDir()
		return func(cib []byte, now string) string {
			path := filepath.Join(dir, "cib.xml")
			if err := os.WriteFile(path, cib, 0o644); err != nil {
				t.Fatal(err)
			}
			out, _ := exec.Command(prog, append([]string{"-x", path}, args(now)...)...).Output()
			return string(out)
		}
	}
	o := testenv.Tool30(t)
	return func(cib []byte, now string) string {
		out, _, _ := o.Run(t, cib, "crm_simulate", append([]string{"-x", "CIB"}, args(now)...)...)
		return string(out)
	}
}

// pclUtilization is pcl scores --utilization --format crm_simulate on a
// corpus CIB.
func pclUtilization(t *testing.T, target pcmk.Target, path string, src []byte, now string) []byte {
	t.Helper()
	cib, diags := importer.Read(path, src)
	if diags.HasErrors() || cib == nil {
		return nil
	}
	opts := planner.Options{Target: target, Utilization: true, NoTrail: true}
	if now != "" {
		tm, ok := planner.ParseISOTime(now)
		if !ok {
			t.Fatalf("%s: bad -t %q", path, now)
		}
		opts.Now = tm
	}
	res, _ := planner.Schedule(cib, opts)
	return CRMSimulate(res)
}

// utilizationLines are the lines of crm_simulate -U output that are not
// score lines.
func utilizationLines(out string) []string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "Original: ") || strings.HasPrefix(l, "Remaining: ") || strings.Contains(l, " utilization on ") {
			lines = append(lines, l)
		}
	}
	return lines
}
