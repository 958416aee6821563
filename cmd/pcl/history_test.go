package main

import (
	"archive/tar"
	"compress/gzip"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pcl/internal/chain"
)

// writeChain writes chain.Failover's inputs as the scheduler saves them,
// bzip2-compressed, into dir; it returns their names.
func writeChain(t *testing.T, dir string) []string {
	t.Helper()
	bz, err := exec.LookPath("bzip2")
	if err != nil {
		t.Skip("bzip2 is not installed")
	}
	base, err := chain.FailoverBase()
	if err != nil {
		t.Fatal(err)
	}
	files, err := chain.Build(base, chain.Failover(), time.Date(2026, 11, 26, 3, 0, 0, 0, time.UTC), 40)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		cmd := exec.Command(bz, "-c")
		cmd.Stdin = strings.NewReader(string(f.Source))
		out, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f.Name), out, 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, f.Name)
	}
	return names
}

// pcl history reads the same inputs from a directory, from files given
// one by one in any order, and from a crm_report tarball (compressed with
// bzip2 or gzip), and reports the same history.
func TestHistorySources(t *testing.T) {
	report := filepath.Join(t.TempDir(), "report-2026-11-26")
	pengine := filepath.Join(report, "n2", "pengine")
	if err := os.MkdirAll(pengine, 0o755); err != nil {
		t.Fatal(err)
	}
	names := writeChain(t, pengine)
	// crm_report also collects the CIB and logs: they are not inputs.
	if err := os.WriteFile(filepath.Join(report, "n2", "cib.xml"), []byte("<cib/>"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, want, errOut := runPCLForImport("history", pengine)
	if code != exitOK {
		t.Fatalf("pcl history DIR exited %d: %s", code, errOut)
	}
	for _, needle := range []string{
		"6 scheduler inputs",
		"Fence (reboot) n1 'peer is no longer part of the cluster'",
		"Move db: n1 -> n3",
		"Recover db on n1",
		"after: db monitor every 10000ms on n1: not running (rc 7)",
		"~ rsc_location db-prefers-n1 changed",
	} {
		if !strings.Contains(want, needle) {
			t.Errorf("pcl history DIR: no %q in\n%s", needle, want)
		}
	}
	// The names in the report are the paths given: compare past them.
	strip := func(s, prefix string) string { return strings.ReplaceAll(s, prefix, "") }
	want = strip(want, pengine+"/")

	var files []string
	for i := len(names) - 1; i >= 0; i-- {
		files = append(files, filepath.Join(pengine, names[i]))
	}
	if code, got, errOut := runPCLForImport(append([]string{"history"}, files...)...); code != exitOK || strip(got, pengine+"/") != want {
		t.Errorf("pcl history FILE... exited %d (%s), gives\n%s\nnot\n%s", code, errOut, got, want)
	}

	tgz := filepath.Join(t.TempDir(), "report.tar.gz")
	writeTarGz(t, tgz, filepath.Dir(report))
	code, got, errOut := runPCLForImport("history", tgz)
	if code != exitOK || strip(got, tgz+":report-2026-11-26/n2/pengine/") != want {
		t.Errorf("pcl history TARBALL.tar.gz exited %d (%s), gives\n%s\nnot\n%s", code, errOut, got, want)
	}

	// crm_report's own tarballs: bzip2 when it finds it, else xz.
	for _, c := range []struct{ ext, flag, prog string }{{".tar.bz2", "-j", "bzip2"}, {".tar.xz", "-J", "xz"}} {
		if _, err := exec.LookPath("tar"); err != nil {
			break
		}
		if _, err := exec.LookPath(c.prog); err != nil {
			continue
		}
		tb := filepath.Join(t.TempDir(), "report"+c.ext)
		if out, err := exec.Command("tar", "-C", filepath.Dir(report), c.flag+"cf", tb, filepath.Base(report)).CombinedOutput(); err != nil {
			t.Fatalf("tar: %v: %s", err, out)
		}
		code, got, errOut := runPCLForImport("history", tb)
		if code != exitOK || strip(got, tb+":report-2026-11-26/n2/pengine/") != want {
			t.Errorf("pcl history TARBALL%s exited %d (%s), gives\n%s\nnot\n%s", c.ext, code, errOut, got, want)
		}
	}

	// --since and --until keep the transitions computed between them.
	code, got, errOut = runPCLForImport("history", "--since", "2026-11-26T03:02:00Z", "--until", "2026-11-26T03:03:30Z", pengine)
	if code != exitOK || strings.Count(got, "\n== ") != 2 || !strings.Contains(got, "pe-input-42.bz2") || !strings.Contains(got, "pe-input-43.bz2") {
		t.Errorf("pcl history --since --until exited %d (%s):\n%s", code, errOut, got)
	}

	// --resource answers about one resource; --format json is JSON.
	code, got, errOut = runPCLForImport("history", "--resource", "web", "--format", "json", pengine)
	if code != exitOK {
		t.Fatalf("pcl history --resource web --format json exited %d: %s", code, errOut)
	}
	var doc struct {
		Transitions []struct {
			Changes []struct{ Resource string }
		}
	}
	if err := json.Unmarshal([]byte(got), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Transitions) == 0 {
		t.Error("--resource web: no transition")
	}
	for _, tr := range doc.Transitions {
		for _, c := range tr.Changes {
			if c.Resource != "web" {
				t.Errorf("--resource web keeps a change of %s", c.Resource)
			}
		}
	}
}

// writeTarGz packs the tree under root into a .tar.gz, as crm_report
// does when it finds gzip and no bzip2.
func writeTarGz(t *testing.T, path, root string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z := gzip.NewWriter(f)
	tw := tar.NewWriter(z)
	err = filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := tw.WriteHeader(&tar.Header{Name: rel, Mode: 0o644, Size: int64(len(src)), Typeflag: tar.TypeReg}); err != nil {
			return err
		}
		_, err = tw.Write(src)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestHistoryUsage(t *testing.T) {
	if code, _, _ := runPCLForImport("history"); code != exitUsage {
		t.Errorf("pcl history with no input exited %d, want %d", code, exitUsage)
	}
	if code, _, errOut := runPCLForImport("history", t.TempDir()); code != exitDiags || !strings.Contains(errOut, "holds no scheduler input") {
		t.Errorf("pcl history EMPTYDIR exited %d: %s", code, errOut)
	}
}
