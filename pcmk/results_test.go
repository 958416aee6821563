package pcmk

import "testing"

// TestResultSpellings pins the descriptions Pacemaker 2.1.5 prints for
// agent exit codes and execution statuses.
func TestResultSpellings(t *testing.T) {
	for rc, want := range map[OCFRC]string{RCOK: "ok", RCErrGeneric: "error", RCNotRunning: "not running",
		RCRunningPromoted: "promoted", RCFailedPromoted: "promoted (failed)", RCDegraded: "OCF_DEGRADED", 42: "unknown"} {
		if got := rc.String(); got != want {
			t.Errorf("OCFRC(%d).String() = %q, want %q", int(rc), got, want)
		}
	}
	for s, want := range map[ExecStatus]string{ExecPending: "pending", ExecDone: "complete", ExecTimeout: "Timed Out",
		ExecErrorHard: "Hard error", ExecNoSecrets: "CIB secrets unavailable", 12: "UNKNOWN!"} {
		if got := s.String(); got != want {
			t.Errorf("ExecStatus(%d).String() = %q, want %q", int(s), got, want)
		}
	}
}
