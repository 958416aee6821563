package background

import "testing"

func TestStartReturnsTheResult(t *testing.T) {
	wait := Start(func() int { return 42 })
	if got := wait(); got != 42 {
		t.Errorf("wait() = %d, want 42", got)
	}
}

// TestStartPanicsOnTheCaller: a panic in the background part is raised by
// the wait, where the caller can recover it, not on a goroutine no one
// recovers (which would end the process).
func TestStartPanicsOnTheCaller(t *testing.T) {
	wait := Start(func() int { panic("planner bug") })
	defer func() {
		if r := recover(); r != "planner bug" {
			t.Errorf("recovered %v, want the background part's panic", r)
		}
	}()
	wait()
	t.Error("wait returned after a panic")
}
