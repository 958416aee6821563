package planner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pcl/internal/testenv"
)

// TestBundleReplicaOrderOwnColocations checks the order in which a
// bundle's containers are placed when a primitive that failed on one
// replica's node is colocated with the bundle, with influence: since
// 2.1.7 each container is compared on its current node with its own
// colocations (its replica's address and connection, sticky there) as
// well as the bundle's, so the replica whose node the failed primitive
// avoids (15 against 20) is placed second and loses the node its
// sibling's container may not share; up to 2.1.6 the bundle's
// colocations alone compare them. The corpus test colocation-influence
// with rsc10a colocated with bundle10 by a score of 5 and influence
// left on; compared with each release's crm_simulate.
func TestBundleReplicaOrderOwnColocations(t *testing.T) {
	c := testenv.CorpusOf(t, "3.0")
	src, err := os.ReadFile(filepath.Join(c.Dir, "xml", "colocation-influence.xml"))
	if err != nil {
		t.Fatal(err)
	}
	const was = `<rsc_colocation id="colocation-rsc10a-bundle10-INFINITY" rsc="rsc10a" score="INFINITY" with-rsc="bundle10" influence="false"/>`
	if !strings.Contains(string(src), was) {
		t.Fatal("colocation-influence no longer holds rsc10a's colocation with bundle10")
	}
	cib := strings.Replace(string(src), was, `<rsc_colocation id="colocation-rsc10a-bundle10-INFINITY" rsc="rsc10a" score="5" with-rsc="bundle10"/>`, 1)
	path := filepath.Join(t.TempDir(), "cib.xml")
	if err := os.WriteFile(path, []byte(cib), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, release := range testenv.Corpora {
		t.Run(release, func(t *testing.T) {
			var out []byte
			if release == "3.0" {
				out, _, err = testenv.Tool30(t).Run(t, []byte(cib), "crm_simulate", "-x", "CIB", "-s")
				out = scoreBullets.ReplaceAll(out, []byte("$1"))
			} else {
				out, err = simulate215(t)(path)
			}
			if err != nil {
				t.Fatalf("crm_simulate: %v", err)
			}
			var want []string
			for _, l := range strings.Split(string(out), "\n") {
				if strings.Contains(l, " allocation score on ") {
					want = append(want, l)
				}
			}
			p, _ := compute(readCIB(t, path), Options{Target: testenv.CorpusOf(t, release).Target})
			for _, u := range p.unknowns(false) {
				// Nothing of this cluster is unknown.
				if u.Resource == "" || strings.HasPrefix(u.Resource, "bundle1") || u.Resource == "rsc10a" {
					t.Errorf("reported unknown: %s", u.Detail)
				}
			}
			missing, extra := testenv.MultisetDiff(append(want, promotionLines(string(out))...), allScoreLines(p))
			if len(missing)+len(extra) > 0 {
				t.Errorf("scores differ from crm_simulate's:\n  - %s\n  + %s", strings.Join(first(missing, 10), "\n  - "), strings.Join(first(extra, 10), "\n  + "))
			}
		})
	}
}
