// Package xmlcompare compares CIB documents the way pcl's round-trip tests
// judge them: same elements with the same attributes (as sets, so their
// order does not matter) and the same children in the same order, with
// whitespace between elements, comments and processing instructions
// ignored.
//
// It is a test helper: it reports differences as readable paths, it does
// not know what the CIB means (equal meaning written differently is a
// difference here).
package xmlcompare
