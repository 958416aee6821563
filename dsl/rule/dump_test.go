package rule

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
)

// dump renders an AST one node per line with source positions, for goldens.
func dump(e *Expr) string {
	var sb strings.Builder
	for _, o := range e.Options {
		fmt.Fprintf(&sb, "option %s=%q @%s\n", o.Name, o.Value, pos(o.NameRange))
	}
	dumpNode(&sb, e.Root, 0)
	return sb.String()
}

func pos(r hcl.Range) string {
	return fmt.Sprintf("%d:%d-%d:%d", r.Start.Line, r.Start.Column, r.End.Line, r.End.Column)
}

func dumpNode(sb *strings.Builder, n Node, depth int) {
	ind := strings.Repeat("  ", depth)
	switch n := n.(type) {
	case *Chain:
		fmt.Fprintf(sb, "%s%s @%s\n", ind, n.Op, pos(n.Range))
		for _, o := range n.Operands {
			dumpNode(sb, o, depth+1)
		}
	case *Group:
		fmt.Fprintf(sb, "%sgroup @%s\n", ind, pos(n.Range))
		for _, o := range n.Options {
			fmt.Fprintf(sb, "%s  option %s=%q\n", ind, o.Name, o.Value)
		}
		dumpNode(sb, n.Inner, depth+1)
	case *Not:
		fmt.Fprintf(sb, "%snot @%s\n", ind, pos(n.KeywordRange))
		dumpNode(sb, n.Operand, depth+1)
	case *Compare:
		fmt.Fprintf(sb, "%scompare attr=%q@%s type=%q op=%q", ind, n.Attribute, pos(n.AttributeRange), n.Type, n.Op)
		if n.Value != nil {
			fmt.Fprintf(sb, " value=%q source=%q @%s", n.Value.Text, n.Value.Source, pos(n.Value.Range))
		}
		sb.WriteString("\n")
	case *Date:
		fmt.Fprintf(sb, "%sdate op=%q", ind, n.Op)
		if n.Start != nil {
			fmt.Fprintf(sb, " start=%q", n.Start.Value)
		}
		if n.End != nil {
			fmt.Fprintf(sb, " end=%q", n.End.Value)
		}
		for _, f := range n.Duration {
			fmt.Fprintf(sb, " duration.%s=%q", f.Name, f.Value)
		}
		for _, f := range n.Spec {
			fmt.Fprintf(sb, " spec.%s=%q", f.Name, f.Value)
		}
		fmt.Fprintf(sb, " @%s\n", pos(n.Range))
	case *Resource:
		fmt.Fprintf(sb, "%sresource class=%q provider=%q type=%q @%s\n", ind, n.Class, n.Provider, n.Type, pos(n.Range))
	case *Operation:
		fmt.Fprintf(sb, "%sop name=%q", ind, n.Name)
		if n.Interval != nil {
			fmt.Fprintf(sb, " interval=%q", n.Interval.Value)
		}
		fmt.Fprintf(sb, " @%s\n", pos(n.Range))
	default:
		fmt.Fprintf(sb, "%s<%T>\n", ind, n)
	}
}
