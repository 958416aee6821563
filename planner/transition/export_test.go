package transition

// SetParallelMin sets how many actions make the graph passes run in
// parallel, for tests, and returns the previous value.
func SetParallelMin(n int) int {
	old := parallelMin
	parallelMin = n
	return old
}

// SetSchedulePromotable sets whether the transition schedules promotable
// clones, for tests, and returns the previous value.
func SetSchedulePromotable(on bool) bool {
	old := schedulePromotable
	schedulePromotable = on
	return old
}
