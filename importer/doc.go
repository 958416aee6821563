// Package importer is pcl's second front end: it reads a CIB XML document
// (configuration and status, current and older schema forms) into the same
// IR the compiler produces, with diagnostics carrying line and column.
//
// Reading is in two steps. tree.go turns the bytes into an element tree
// with positions, using encoding/xml's token stream; it refuses DTDs (so no
// entity is ever declared or expanded), nesting deeper than 64 and
// malformed XML, each with a positioned error. The converters (config.go,
// resources.go, constraints.go, rules.go, status.go) then walk the tree:
// each reads the attributes and children it knows, and what is left over
// is reported as an unknown attribute or element (a warning; the rest is
// still read). Ids are checked for duplicates and references (rsc,
// with-rsc, first, then, resource_ref, template, id-ref, obj_ref, ACL
// roles) for targets once the whole document is read (refs.go).
//
// Values keep the text they were written with, so that writing the IR
// back (package emit/cibxml) gives the same CIB: the corpus round trip
// test checks every element, attribute and child order. Older forms are
// read where Pacemaker still reads them: <master> (Clone.Master),
// pacemaker-1.x ACLs (<acl_user>, <role_ref>, <read>/<write>/<deny>), and
// legacy role names (kept as written; ir.Role.Normalize maps them).
// pacemaker-0.x/1.0 <attributes> wrappers inside attribute sets are read
// through, as Pacemaker's schema upgrade does, so they are not written
// back. Status records keep all their attributes verbatim alongside the
// typed fields the planner reads.
//
// It does not write .pcl (package emit/pclgen) or XML (package
// emit/cibxml), and it does not judge what a configuration means (a
// location for a missing resource is a warning, not an error, because
// Pacemaker ignores it).
package importer
