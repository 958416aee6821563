// Package suggest finds the name a typo most likely meant, for "did you
// mean" in diagnostics. It owns the distance and the ranking, shared by
// the compiler and the importer; it does not format messages.
package suggest
