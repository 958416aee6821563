package testenv

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// ClusterRequired reports whether PCL_REQUIRE_CLUSTER=1: then tests
// needing the test cluster start it (scripts/test-cluster) and fail
// without it.
func ClusterRequired() bool { return os.Getenv("PCL_REQUIRE_CLUSTER") == "1" }

var cluster struct {
	once    sync.Once
	started bool   // this test binary started it, and stops it
	err     string // why there is none
}

// clusterScript is scripts/test-cluster.
func clusterScript() string { return filepath.Join(ModuleRoot(), "scripts", "test-cluster") }

// Cluster makes sure the one-node test cluster of scripts/test-cluster
// runs, or skips the test. A cluster already up (started by hand or by
// CI) is used as it is. Otherwise, with PCL_REQUIRE_CLUSTER=1 or
// PCL_START_CLUSTER=1, this test binary starts it once, as root, and
// StopCluster (from TestMain) stops it; without either the test is
// skipped. With PCL_REQUIRE_CLUSTER=1 a cluster that cannot be had
// fails the test.
//
// Tests using the cluster share it: they must not run in parallel.
func Cluster(t testing.TB) {
	t.Helper()
	cluster.once.Do(func() {
		// "wait" answers at once when the script's cluster does not run,
		// and waits for its DC when it does.
		if exec.Command(clusterScript(), "wait").Run() == nil {
			return
		}
		if !ClusterRequired() && os.Getenv("PCL_START_CLUSTER") != "1" {
			cluster.err = "no test cluster runs (start one with scripts/test-cluster start, or set PCL_START_CLUSTER=1 as root)"
			return
		}
		if os.Geteuid() != 0 {
			cluster.err = "starting the test cluster needs root"
			return
		}
		out, err := exec.Command(clusterScript(), "start").CombinedOutput()
		if err != nil {
			cluster.err = "scripts/test-cluster start failed: " + err.Error() + "\n" + string(out)
			return
		}
		cluster.started = true
	})
	if cluster.err == "" {
		return
	}
	if ClusterRequired() {
		t.Fatalf("PCL_REQUIRE_CLUSTER=1: %s", cluster.err)
	}
	t.Skip(cluster.err)
}

// StopCluster stops the test cluster if this test binary started it.
// Call it from TestMain after m.Run.
func StopCluster() {
	if cluster.started {
		out, err := exec.Command(clusterScript(), "stop").CombinedOutput()
		if err != nil {
			os.Stderr.Write(out)
		}
		cluster.started = false
	}
}
