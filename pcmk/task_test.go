package pcmk

import "testing"

func TestTaskCompletion(t *testing.T) {
	for task, done := range map[Task]Task{TaskStart: TaskRunning, TaskStop: TaskStopped, TaskPromote: TaskPromoted, TaskDemote: TaskDemoted} {
		if got := task.Completion(); got != done {
			t.Errorf("%s.Completion() = %q, want %q", task, got, done)
		}
		if got := done.Completes(); got != task {
			t.Errorf("%s.Completes() = %q, want %q", done, got, task)
		}
	}
	if got := TaskMonitor.Completion(); got != "" {
		t.Errorf("monitor has a completion: %q", got)
	}
	if got := TaskMonitor.Completes(); got != TaskMonitor {
		t.Errorf("monitor.Completes() = %q", got)
	}
}
