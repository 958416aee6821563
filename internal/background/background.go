package background

// Start starts f on a goroutine of its own and returns a function that
// waits for its result. A panic in f is raised again by the wait, on the
// caller's goroutine: callers that recover from a planner or emitter bug
// (a batch's scenario, the language server) must see it there, where an
// unrecovered panic on another goroutine would end the process.
func Start[T any](f func() T) (wait func() T) {
	type outcome struct {
		value    T
		panicked any
	}
	done := make(chan outcome, 1)
	go func() {
		var o outcome
		defer func() {
			if r := recover(); r != nil {
				o.panicked = r
			}
			done <- o
		}()
		o.value = f()
	}()
	return func() T {
		o := <-done
		if o.panicked != nil {
			panic(o.panicked)
		}
		return o.value
	}
}
