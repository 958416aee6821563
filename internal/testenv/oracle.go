package testenv

import (
	"os"
	"os/exec"
	"testing"
)

// Required reports whether PCL_REQUIRE_ORACLE=1: then a missing oracle or
// corpus fails the test instead of skipping it.
func Required() bool { return os.Getenv("PCL_REQUIRE_ORACLE") == "1" }

// Tool returns the path of an oracle program (crm_simulate, crm_verify,
// dot), skipping the test when it is not installed (failing it when
// Required).
func Tool(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		for _, dir := range []string{"/usr/sbin", "/sbin"} {
			if _, serr := os.Stat(dir + "/" + name); serr == nil {
				return dir + "/" + name
			}
		}
		if Required() {
			t.Fatalf("%s is not installed and PCL_REQUIRE_ORACLE=1 (apt-get install -y pacemaker-cli-utils graphviz)", name)
		}
		t.Skipf("%s is not installed", name)
	}
	return p
}
