// Package history explains a cluster's past from the inputs its scheduler
// saved (pe-input-N.bz2, pe-warn-N.bz2, pe-error-N.bz2): each is the CIB
// (configuration and status) the scheduler planned one transition from.
//
// Order puts the inputs in the order the scheduler read them (by their
// execution-date, then their number; the numbers restart on every node
// that becomes DC and wrap at pe-input-series-max, so the date comes
// first). Explain then plans every input with the planner, as the
// scheduler did, and compares it with the one before: what changed in
// between (the configuration, by cibdiff; node membership and fencing;
// operation results the executor recorded; transient node attributes;
// tickets), what the scheduler decided (the transition's summary), and
// for every resource it started, stopped, moved, restarted, promoted or
// demoted, why: its score on each node then, beside the score before,
// with the contributions that appeared, went or changed in between.
//
// It reads no files (cmd/pcl collects the inputs from files,
// directories and crm_report tarballs) and renders nothing
// (emit/historytext does).
package history
