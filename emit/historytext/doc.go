// Package historytext renders a history.Report, the post-mortem pcl
// history writes: as text for a terminal (Text) and as JSON (JSON). It
// computes nothing: the report says what changed and why.
package historytext
