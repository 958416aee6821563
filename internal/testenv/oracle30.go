package testenv

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// Oracle30 is Pacemaker 3.0's crm_simulate and crm_verify, in the Debian
// 13 chroot scripts/oracle-3.0 sets up.
type Oracle30 struct {
	// Root is the chroot's directory.
	Root string
}

var oracle30 struct {
	once sync.Once
	o    *Oracle30
	err  string
}

// Oracle30Dir is the chroot's directory: $PCL_ORACLE30_DIR, else the
// default of scripts/oracle-3.0.
func Oracle30Dir() string {
	if d := os.Getenv("PCL_ORACLE30_DIR"); d != "" {
		return d
	}
	return "/var/lib/pcl/trixie"
}

// Tool30 returns the 3.0 oracle, skipping the test when its chroot is not
// set up (failing it when Required). Running it needs root (chroot).
func Tool30(t testing.TB) *Oracle30 {
	t.Helper()
	oracle30.once.Do(func() {
		root := Oracle30Dir()
		switch {
		case os.Geteuid() != 0:
			oracle30.err = "the Pacemaker 3.0 oracle runs in a chroot, which needs root"
		default:
			if _, err := os.Stat(filepath.Join(root, "usr", "sbin", "crm_simulate")); err != nil {
				oracle30.err = "the Pacemaker 3.0 oracle is not set up at " + root + " (run scripts/oracle-3.0 setup as root)"
			} else {
				oracle30.o = &Oracle30{Root: root}
			}
		}
	})
	if oracle30.o == nil {
		if Required() {
			t.Fatalf("PCL_REQUIRE_ORACLE=1: %s", oracle30.err)
		}
		t.Skip(oracle30.err)
	}
	return oracle30.o
}

// Run runs program (crm_simulate, crm_verify) in the chroot with cib as
// the file its -x names: args may hold "CIB" where the path goes.
// Outputs files the program writes under /tmp of the chroot are not
// kept.
func (o *Oracle30) Run(t testing.TB, cib []byte, program string, args ...string) (stdout, stderr []byte, err error) {
	t.Helper()
	dir, derr := os.MkdirTemp(filepath.Join(o.Root, "tmp"), "pcl-")
	if derr != nil {
		t.Fatal(derr)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "cib.xml")
	if werr := os.WriteFile(path, cib, 0o644); werr != nil {
		t.Fatal(werr)
	}
	full := make([]string, len(args))
	for i, a := range args {
		if a == "CIB" {
			a = path
		}
		full[i] = a
	}
	cmd := o.Command(program, full...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	return out.Bytes(), errb.Bytes(), err
}

// Command is program (crm_simulate, crm_verify) run in the chroot; an
// argument that is a path under the chroot is given as the chroot sees it.
func (o *Oracle30) Command(program string, args ...string) *exec.Cmd {
	full := []string{o.Root, "/usr/sbin/" + filepath.Base(program)}
	for _, a := range args {
		if rest, ok := strings.CutPrefix(a, o.Root); ok {
			a = rest
		}
		full = append(full, a)
	}
	cmd := exec.Command("chroot", full...)
	cmd.Env = []string{"PATH=/usr/sbin:/usr/bin:/sbin:/bin", "LC_ALL=C"}
	return cmd
}

// TempDir is a directory inside the chroot for files its programs read
// and write (Command maps its paths), removed when the test ends.
func (o *Oracle30) TempDir(t testing.TB, prefix string) string {
	t.Helper()
	dir, err := os.MkdirTemp(filepath.Join(o.Root, "tmp"), prefix)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}
