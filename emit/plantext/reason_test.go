package plantext_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pcl/emit/plantext"
	"pcl/importer"
	"pcl/internal/testenv"
	"pcl/planner"
)

// TestTextReasons checks that a move is explained by the scores that
// decided it: a group's first member by its own final scores (not its
// group's), later members by the first member's.
func TestTextReasons(t *testing.T) {
	path := filepath.Join(testenv.CorpusDir(t), "xml", "coloc-dependee-should-move.xml")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cib, diags := importer.Read(path, src)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	res, diags := planner.Schedule(cib, planner.Options{Transition: true})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	text := string(plantext.Text(res))
	for _, want := range []string{
		"dummy2a: move rhel7-4 -> rhel7-3: rhel7-3 scores 4001 (colocation colocation-dummy2-dummy1-4001 with dummy1a 4001) against 4000 (resource-stickiness 1000,",
		"dummy2b: move rhel7-4 -> rhel7-3: it follows dummy2a in group dummy2; dummy2a on rhel7-3 scores 4001",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("plan text lacks %q:\n%s", want, text)
		}
	}
}

// TestTextTicketReasons checks that a resource a revoked ticket stops is
// said to stop for the ticket (named, with its constraint and
// loss-policy), and a node fenced for it with Pacemaker's reason.
func TestTextTicketReasons(t *testing.T) {
	path := filepath.Join(testenv.CorpusDir(t), "xml", "ticket-primitive-9.xml")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cib, diags := importer.Read(path, src)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	res, _ := planner.Schedule(cib, planner.Options{Transition: true})
	text := string(plantext.Text(res))
	for _, want := range []string{
		"fence (reboot) node2 'deadman ticket was lost'",
		"rsc1: stop on node2: due to node availability; it needs ticket ticketA (constraint rsc1-dep-ticketA, loss-policy fence), which is revoked: rsc1 cannot run on any node; the nodes running it must be fenced: node2",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("plan text lacks %q:\n%s", want, text)
		}
	}
}
