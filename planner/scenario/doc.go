// Package scenario applies what-if scenarios to a CIB exactly as
// crm_simulate 2.1.5 injects them (lib/pacemaker/pcmk_injections.c):
// nodes coming up (-u), going down (-d) or failing (-f), a node put in
// standby, operation results (-i rsc_op_interval@node=rc, n times),
// tickets granted, revoked, put in standby or activated (-g, -r,
// --ticket-standby, --ticket-activate), and the effective time (-t);
// and, beyond crm_simulate, transient node attributes set or deleted as
// `crm_attribute -l reboot` does through pacemaker-attrd (attr.go); and
// operator actions as crm_resource and crm_attribute 2.1.5 write them
// into the CIB (operator.go, operator_meta.go): --move and --ban
// (cli-prefer-RSC, cli-ban-RSC-on-NODE), --clear, target-role and
// is-managed through --meta, --cleanup, and a node's or the cluster's
// maintenance attribute (a remote or guest node first gets the <node>
// entry crm_attribute adds for it); a move's or ban's --lifetime (a rule
// ending lifetime after the scenario's time) and --promoted (the role as
// the release's crm_resource spells it for the CIB's schema,
// operator_options.go). A move or ban that names no node needs to know
// where the resource runs: ApplyAt takes a Locator (planner/batch.Locate
// makes one from a plan of the status).
//
// Settle records an executed transition (transition.Execution) into a
// copy of the status as crm_simulate -S's simulated executor does: each
// resource action's expected result, with its parameter digest, in the
// resource's history, and each fenced node down without history or
// transient attributes (settle.go). A batch's scenarios start from the
// cluster it leaves.
//
// QuorumRule decides a scenario's have-quorum: crm_simulate keeps the
// CIB's (unless -q says otherwise), pcl counts the votes of the nodes the
// scenario leaves in the membership as corosync's votequorum does
// (quorum.go), with two_node and expected_votes as options.
//
// Apply is a pure function on the IR: it returns a modified copy of the
// CIB and never touches its input, so many scenarios can be applied to one
// base CIB concurrently. The copy shares every part it does not change
// (the resources and constraints, unchanged node states) with the input;
// like the input, it is read-only for its users.
//
// Injections are applied in crm_simulate's fixed order (node up, down,
// fail, standby, tickets, operations), whatever order they are listed in.
// Where crm_simulate would silently do nothing (an unknown node or
// resource, usually a typo) Apply returns an error instead; the one
// deliberate extension is that bringing up an unknown node adds it to the
// configuration, as crm_simulate -u does.
//
// Injected history is written as crm_simulate writes it (ids, call ids,
// transition keys, fail-count and last-failure attributes), with one
// difference: crm_simulate stamps it with the wall clock, Apply with the
// scenario's time, else the CIB's execution-date, so that batches are
// reproducible; either way the failure is "now" for the scheduler.
//
// The package also reads the crm_simulate-style flags (ParseOp,
// ParseNode, ParseTicket, ParseAttr; the operation, attribute and time
// syntaxes are package pcmk's: pcmk.ParseOpSpec, pcmk.ParseAttrSpec and
// pcmk.ParseEffectiveTime) and turns declared scenarios (ir.Scenario,
// from .pcl scenario blocks) into Scenarios (FromIR), and
// puts a new policy together with a running cluster's status for a dry
// run of a policy change (WithStatus).
//
// It does not plan: package planner/batch runs scenarios through the
// planner, and emit/matrix reports the results.
package scenario
