package planner

import (
	"strconv"
	"strings"

	"pcl/ir"
)

// sortOps orders a resource's history entries oldest first as
// unpack_lrm_resource does: the entries are taken in reverse document order
// and stably sorted with pe__is_newer_op.
func sortOps(ops []*ir.OpRecord) []*ir.OpRecord {
	out := make([]*ir.OpRecord, len(ops))
	for i, op := range ops {
		out[len(ops)-1-i] = op
	}
	// insertion sort: stable, and history lists are short
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && cmpOps(out[j-1], out[j]) > 0; j-- {
			out[j-1], out[j] = out[j], out[j-1]
		}
	}
	return out
}

func callID(op *ir.OpRecord) int {
	if v, ok := opAttr(op, "call-id"); ok {
		if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
			return n
		}
		return -1
	}
	if len(op.Attrs) == 0 {
		return op.CallID
	}
	return -1
}

func lastChange(op *ir.OpRecord) int64 {
	if v, ok := opAttr(op, "last-rc-change"); ok {
		if n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64); err == nil {
			return n
		}
		return -1
	}
	if len(op.Attrs) == 0 && op.LastRCChange != 0 {
		return op.LastRCChange
	}
	return -1
}

// decodeMagic reads the transition id and uuid of transition-magic
// ("status:rc;action:transition:target:uuid").
func decodeMagic(magic string) (uuid string, transition int, ok bool) {
	i := strings.IndexByte(magic, ';')
	if i < 0 {
		return "", 0, false
	}
	parts := strings.SplitN(magic[i+1:], ":", 4)
	if len(parts) < 4 {
		return "", 0, false
	}
	t, err := strconv.Atoi(parts[1])
	if err != nil {
		return "", 0, false
	}
	return parts[3], t, true
}

// cmpOps is pe__is_newer_op with same_node_default true.
func cmpOps(a, b *ir.OpRecord) int {
	sameNode := true
	if a.OnNode != "" && b.OnNode != "" {
		sameNode = strings.EqualFold(a.OnNode, b.OnNode)
	}
	if sameNode && a.ID == b.ID {
		return 0
	}
	ac, bc := callID(a), callID(b)
	switch {
	case ac == -1 && bc == -1:
		return 0
	case sameNode && ac >= 0 && ac < bc:
		return -1
	case sameNode && bc >= 0 && ac > bc:
		return 1
	case ac >= 0 && bc >= 0 && (!sameNode || ac == bc):
		la, lb := lastChange(a), lastChange(b)
		if la >= 0 && la < lb {
			return -1
		}
		if lb >= 0 && la > lb {
			return 1
		}
		return 0
	}
	au, aid, ok1 := decodeMagic(a.TransitionMagic)
	bu, bid, ok2 := decodeMagic(b.TransitionMagic)
	if !ok1 || !ok2 {
		return 0
	}
	if !strings.EqualFold(au, bu) || aid == bid {
		if bc == -1 {
			return -1
		}
		if ac == -1 {
			return 1
		}
	} else if (aid >= 0 && aid < bid) || bid == -1 {
		return -1
	} else if (bid >= 0 && aid > bid) || aid == -1 {
		return 1
	}
	return 0
}
