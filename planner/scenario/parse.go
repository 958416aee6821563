package scenario

import (
	"fmt"
	"strings"

	"pcl/ir"
	"pcl/pcmk"
)

// ParseNode reads the argument of a node flag (--node-down NODE, ...).
func ParseNode(kind ir.InjectionKind, text string) (ir.Injection, error) {
	in := ir.Injection{Kind: kind, Node: strings.TrimSpace(text)}
	if err := check(in); err != nil {
		return ir.Injection{}, fmt.Errorf("--%s %q: %v; give a node name such as node1", kind.Flag(), text, err)
	}
	return in, nil
}

// ParseTicket reads the argument of a ticket flag (--ticket-grant TICKET, ...).
func ParseTicket(kind ir.InjectionKind, text string) (ir.Injection, error) {
	in := ir.Injection{Kind: kind, Ticket: strings.TrimSpace(text)}
	if err := check(in); err != nil {
		return ir.Injection{}, fmt.Errorf("--%s %q: %v; give a ticket name such as ticketA", kind.Flag(), text, err)
	}
	return in, nil
}

// ParseOp reads the argument of --op-fail, an operation result in
// crm_simulate's --op-inject syntax as pcmk.ParseOpSpec reads it,
// RESOURCE_OPERATION_INTERVAL@NODE=RC with an optional xCOUNT:
//
//	web_monitor_10000@node1=7     the 10s monitor of web finds it stopped on node1
//	web_start_0@node2=1x3         web failed to start on node2 three times
//
// RC is an OCF exit code: 0 success, 1 generic error, 2 invalid argument,
// 3 unimplemented, 5 not installed, 6 not configured, 7 not running,
// 8 running promoted, 9 failed promoted. Errors name the flag.
func ParseOp(text string) (ir.Injection, error) {
	o, err := pcmk.ParseOpSpec(text)
	if err != nil {
		return ir.Injection{}, fmt.Errorf("--op-fail %q: %v", text, err)
	}
	return ir.Injection{Kind: ir.InjectOp, Resource: o.Resource, Operation: string(o.Task), IntervalMs: o.IntervalMs,
		Node: o.Node, RC: int(o.RC), Count: o.Count}, nil
}

// ParseAttr reads the argument of --attr (NODE:NAME=VALUE, set a
// transient node attribute) or, with del, of --attr-delete (NODE:NAME),
// as pcmk.ParseAttrSpec reads them. Errors name the flag.
func ParseAttr(text string, del bool) (ir.Injection, error) {
	kind := ir.InjectAttrSet
	if del {
		kind = ir.InjectAttrDelete
	}
	a, err := pcmk.ParseAttrSpec(text, del)
	if err != nil {
		return ir.Injection{}, fmt.Errorf("--%s %q: %v", kind.Flag(), text, err)
	}
	return ir.Injection{Kind: kind, Node: a.Node, Attr: a.Name, Value: a.Value}, nil
}

// ParseResource reads the argument of an operator action's flag: a
// resource (--disable web), and for --move, --ban, --clear and --cleanup
// optionally the node, RESOURCE@NODE (--move web@node2, crm_resource
// --move -r web -N node2). Errors name the flag.
func ParseResource(kind ir.InjectionKind, text string) (ir.Injection, error) {
	in := ir.Injection{Kind: kind, Resource: strings.TrimSpace(text)}
	switch kind {
	case ir.InjectMove, ir.InjectBan, ir.InjectClear, ir.InjectCleanup:
		if rsc, node, ok := strings.Cut(in.Resource, "@"); ok {
			in.Resource, in.Node = rsc, node
			if node == "" {
				return ir.Injection{}, fmt.Errorf("--%s %q: the node after @ is empty; give RESOURCE or RESOURCE@NODE", kind.Flag(), text)
			}
		}
	}
	if err := check(in); err != nil {
		return ir.Injection{}, fmt.Errorf("--%s %q: %v; give a resource name such as web", kind.Flag(), text, err)
	}
	return in, nil
}
