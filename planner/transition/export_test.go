package transition

// SetParallelMin sets how many actions make the graph passes run in
// parallel, for tests, and returns the previous value.
func SetParallelMin(n int) int {
	old := parallelMin
	parallelMin = n
	return old
}
