package pcmk

import (
	"strconv"
	"unicode"
)

// CompareNodeNames orders node names as Pacemaker sorts nodes
// (pcmk__numeric_strcasecmp): letters without regard to case, and runs of
// digits by their value, so node2 comes before node10. Of two digit runs
// with the same value, the shorter sorts first (node2 before node02), and
// the comparison goes on after them. It returns -1, 0 or 1.
func CompareNodeNames(a, b string) int {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		ca, cb := a[i], b[j]
		if isDigit(ca) && isDigit(cb) {
			ei, ej := i, j
			for ei < len(a) && isDigit(a[ei]) {
				ei++
			}
			for ej < len(b) && isDigit(b[ej]) {
				ej++
			}
			// Like strtol, a run too long for an int64 saturates.
			na, _ := strconv.ParseInt(a[i:ei], 10, 64)
			nb, _ := strconv.ParseInt(b[j:ej], 10, 64)
			switch {
			case na < nb:
				return -1
			case na > nb:
				return 1
			case ei-i < ej-j:
				return -1
			case ei-i > ej-j:
				return 1
			}
			i, j = ei, ej
			continue
		}
		la, lb := unicode.ToLower(rune(ca)), unicode.ToLower(rune(cb))
		if la != lb {
			if la < lb {
				return -1
			}
			return 1
		}
		i++
		j++
	}
	switch {
	case i >= len(a) && j < len(b):
		return -1
	case i < len(a) && j >= len(b):
		return 1
	}
	return 0
}
