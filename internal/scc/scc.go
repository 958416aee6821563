// Package scc finds the strongly connected components of a directed graph
// (Tarjan's algorithm, iteratively, so that a deep graph does not grow the
// call stack). The compiler uses it for cycles among configured
// constraints, the transition for ordering cycles among stalled actions.
package scc

// Components returns the strongly connected components of the graph on
// nodes 0 to n-1 reachable from the nodes for which root is true, each
// component in the order Tarjan's algorithm closes it. edges(v) lists v's
// successors; a component of one node is returned too (callers decide
// whether a node ordered after itself counts).
func Components(n int, root func(v int) bool, edges func(v int) []int) [][]int {
	index := make([]int, n)
	low := make([]int, n)
	onStack := make([]bool, n)
	for i := range index {
		index[i] = -1
	}
	type frame struct {
		v    int
		next []int // successors not visited yet
	}
	var stack []int
	var out [][]int
	counter := 0
	enter := func(v int, calls []frame) []frame {
		index[v], low[v] = counter, counter
		counter++
		stack = append(stack, v)
		onStack[v] = true
		return append(calls, frame{v: v, next: edges(v)})
	}
	for r := 0; r < n; r++ {
		if !root(r) || index[r] >= 0 {
			continue
		}
		calls := enter(r, nil)
		for len(calls) > 0 {
			f := &calls[len(calls)-1]
			if len(f.next) > 0 {
				w := f.next[0]
				f.next = f.next[1:]
				if index[w] < 0 {
					calls = enter(w, calls)
				} else if onStack[w] && index[w] < low[f.v] {
					low[f.v] = index[w]
				}
				continue
			}
			v := f.v
			calls = calls[:len(calls)-1]
			if len(calls) > 0 {
				if p := calls[len(calls)-1].v; low[v] < low[p] {
					low[p] = low[v]
				}
			}
			if low[v] != index[v] {
				continue
			}
			var comp []int
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				comp = append(comp, w)
				if w == v {
					break
				}
			}
			out = append(out, comp)
		}
	}
	return out
}
