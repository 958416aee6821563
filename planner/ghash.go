package planner

import "pcl/planner/model"

// Pacemaker keeps a resource's allowed nodes in a GLib hash table keyed by
// node id, and in one place (choosing the node with the most free capacity
// under a placement strategy) the first of several equal nodes in the
// table's iteration order wins. ghashOrder reproduces that order for keys
// inserted in the given order into a fresh table.

var primeMod = []uint32{1, 2, 3, 7, 13, 31, 61, 127, 251, 509, 1021, 2039, 4093, 8191, 16381, 32749, 65521, 131071}

// pcmkStrHash is pcmk__str_hash, the hash of Pacemaker's string-keyed
// tables.
func pcmkStrHash(s string) uint32 {
	h := uint32(0)
	for i := 0; i < len(s); i++ {
		h = (h << 5) - h + uint32(int8(s[i]))
	}
	if h <= 1 {
		h = 2
	}
	return h
}

type ghash struct {
	shift     int
	keys      []int // index into the caller's keys, -1 when empty
	hashes    []uint32
	nnodes    int
	noccupied int
}

func newGhash(shift int) *ghash {
	g := &ghash{shift: shift, keys: make([]int, 1<<shift), hashes: make([]uint32, 1<<shift)}
	for i := range g.keys {
		g.keys[i] = -1
	}
	return g
}

func (g *ghash) place(k int, h uint32) {
	size := uint32(len(g.keys))
	idx := (h * 11) % primeMod[g.shift]
	step := uint32(0)
	for g.keys[idx] >= 0 {
		step++
		idx = (idx + step) & (size - 1)
	}
	g.keys[idx] = k
	g.hashes[idx] = h
}

// ghashOrder returns the positions of keys in iteration order.
func ghashOrder(keys []string) []int {
	g := newGhash(3)
	for k, key := range keys {
		g.place(k, pcmkStrHash(key))
		g.nnodes++
		g.noccupied++
		size := len(g.keys)
		if (size > g.nnodes*4 && size > 8) || size <= g.noccupied+g.noccupied/16 {
			shift := 0
			for n := g.nnodes * 2; n > 0; n >>= 1 {
				shift++
			}
			if shift < 3 {
				shift = 3
			}
			ng := newGhash(shift)
			for i, kk := range g.keys {
				if kk >= 0 {
					ng.place(kk, g.hashes[i])
				}
			}
			ng.nnodes, ng.noccupied = g.nnodes, g.nnodes
			g = ng
		}
	}
	var out []int
	for _, k := range g.keys {
		if k >= 0 {
			out = append(out, k)
		}
	}
	return out
}

// allowedHashOrder lists a resource's allowed nodes in hash-table order.
// The order depends only on which nodes are allowed (their ids go in in
// node order), and every instance of a clone asks with the same few sets:
// each set's order is worked out once per plan.
func (p *plan) allowedHashOrder(r *model.Resource) []int {
	set := make([]byte, (len(r.Allowed.In)+7)/8)
	for i, in := range r.Allowed.In {
		if in {
			set[i/8] |= 1 << (i % 8)
		}
	}
	if order, ok := p.hashOrders[string(set)]; ok {
		return order
	}
	var idx []int
	var keys []string
	for i, in := range r.Allowed.In {
		if in {
			idx = append(idx, i)
			keys = append(keys, p.Nodes[i].ID)
		}
	}
	order := ghashOrder(keys)
	out := make([]int, len(order))
	for j, k := range order {
		out[j] = idx[k]
	}
	if p.hashOrders == nil {
		p.hashOrders = map[string][]int{}
	}
	p.hashOrders[string(set)] = out
	return out
}
