// Package pcmk is Pacemaker's vocabulary as typed Go values, and the small
// syntaxes every stage shares. It is a leaf: it imports nothing from pcl,
// so the compiler, the importer, the planner and the emitters can all
// speak it without depending on one another.
//
// Names, with their Pacemaker 2.1.5 spellings:
//
//	Role         resource roles (enum rsc_role_e), ParseRole
//	Task         operation tasks, cluster actions and pseudo-action tasks
//	OnFail       failure responses (enum action_fail_response), ParseOnFail
//	OCFRC        agent exit codes as rc-code records them (enum ocf_exitcode)
//	ExecStatus   execution statuses as op-status records them (enum pcmk_exec_status)
//
// Values and orders:
//
//	Score             scores with INFINITY and Pacemaker's addition, ParseScore
//	CompareNodeNames  the natural order Pacemaker sorts node names in
//
// Syntaxes:
//
//	CRMTime, ParseCRMTime, ParseTime, CheckDate
//	                  ISO 8601 dates and times as crm_time reads and computes them
//	ParseEffectiveTime
//	                  the effective time crm_simulate's -t takes
//	ParseInterval     operation intervals and timeouts (crm_parse_interval_spec)
//	OpSpec, ParseOpSpec
//	                  the operation results crm_simulate's -i and -F take
//
// The package holds names, spellings and syntax only; what a role, a
// failure response or a return code means for scheduling is the
// planner's business. Nothing here keeps state: the parsers that need the
// current time (a time of day alone, a time without an offset) take a
// clock as an argument.
package pcmk
