// Package background runs a part of a computation on a goroutine of its
// own while the caller does another, and hands the caller the result or
// the panic of that part. It owns no policy of what may run side by side:
// the planner and the emitters that use it say why their parts share
// nothing they write.
package background
