package lsp

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// hoverOp describes the operation whose op block header is at off: what
// the primitive's agent advertises for that action (timeout, interval,
// role, depth), which pcl checks the block's timeout against.
func (s *Server) hoverOp(f *hcl.File, off int) string {
	if f == nil {
		return ""
	}
	body, _ := f.Body.(*hclsyntax.Body)
	var op *hclsyntax.Block
	for body != nil && op == nil {
		var next *hclsyntax.Body
		for _, b := range body.Blocks {
			if r := b.Range(); r.Start.Byte <= off && off <= r.End.Byte {
				if d := b.DefRange(); b.Type == "op" && len(b.Labels) > 0 && d.Start.Byte <= off && off <= d.End.Byte {
					op = b
				}
				next = b.Body
				break
			}
		}
		body = next
	}
	if op == nil {
		return ""
	}
	agent := agentOf(f, off)
	md, ok := s.agentMetadata(agent)
	if !ok {
		return ""
	}
	var lines []string
	for _, a := range md.Actions {
		if a.Name != op.Labels[0] {
			continue
		}
		var facts []string
		for _, f := range [][2]string{{"timeout", a.Timeout}, {"interval", a.Interval}, {"role", a.Role}, {"depth", a.Depth}} {
			if f[1] != "" {
				facts = append(facts, f[0]+" "+f[1])
			}
		}
		lines = append(lines, "- "+strings.Join(facts, ", "))
	}
	if len(lines) == 0 {
		return fmt.Sprintf("**%s**: %s advertises no %s action", op.Labels[0], agent, op.Labels[0])
	}
	return fmt.Sprintf("**%s** operation: what %s advises\n\n%s", op.Labels[0], agent, strings.Join(lines, "\n"))
}
