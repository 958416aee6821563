package matrix_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"pcl/emit/matrix"
	"pcl/importer"
	"pcl/planner/batch"
)

// report plans an archive's cib.xml with its args.
func report(t *testing.T, file string) *matrix.Report {
	t.Helper()
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var src, args []byte
	for _, f := range ar.Files {
		switch f.Name {
		case "cib.xml":
			src = f.Data
		case "args":
			args = f.Data
		}
	}
	cib, diags := importer.Read("cib.xml", src)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	list, quorum := scenarios(t, cib, strings.Fields(string(args)))
	return matrix.FromBatch(batch.Run(cib, list, batch.Options{Quorum: quorum}))
}

func cell(t *testing.T, r *matrix.Report, c *matrix.Column, rsc string) matrix.Cell {
	t.Helper()
	for i, id := range r.Resources {
		if id == rsc {
			return c.Cells[i]
		}
	}
	t.Fatalf("no row %s", rsc)
	return matrix.Cell{}
}

// TestOutcomeIsWhatRuns is the finding "the matrix said api s2 while the
// actions said stop api on s2 due to unrunnable db-audit start": a cell is
// where the resource runs once the transition ran.
func TestOutcomeIsWhatRuns(t *testing.T) {
	r := report(t, "testdata/unrunnable.txtar")
	c := cell(t, r, r.Baseline, "api")
	if c.State != matrix.Stopped || !strings.Contains(c.Why, "due to required db-audit start") {
		t.Errorf("baseline api: %v (%s), want STOPPED due to required db-audit start", c, c.Why)
	}
}

// TestStalledTransition is the finding "order constraints that form a
// loop make Pacemaker's transition stall; pcl listed every action as if it
// ran": the resources whose start never runs are STOPPED, and the report
// names the cycle and its constraints.
func TestStalledTransition(t *testing.T) {
	r := report(t, "testdata/cycle.txtar")
	for _, rsc := range []string{"a", "b"} {
		c := cell(t, r, r.Baseline, rsc)
		if c.State != matrix.Stopped || !strings.Contains(c.Why, "ordering cycle") {
			t.Errorf("baseline %s: %v (%s), want STOPPED on an ordering cycle", rsc, c, c.Why)
		}
	}
	st := r.Baseline.Stall
	if st == nil || len(st.Cycles) != 1 || strings.Join(st.Cycles[0].Constraints, " ") != "a-then-b b-then-a" {
		t.Fatalf("baseline stall: %+v", st)
	}
	if c := cell(t, r, r.Baseline, "c"); c.State != matrix.Placed {
		t.Errorf("baseline c: %v; what does not wait on the cycle runs", c)
	}
}
