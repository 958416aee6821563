// Package deps holds no code: its test states, as data, which pcl
// packages each package may import, and fails the build when an import
// breaks the layering docs/architecture.md describes (as Go's own
// go/build/deps_test.go does for the standard library).
package deps
