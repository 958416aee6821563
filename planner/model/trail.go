package model

import "pcl/ir"

// TrailLog keeps the explanation trails of a plan's tables. Each
// contribution is kept once and points back at the one before it in its
// table cell, so that copying a table copies one index per node and
// shares the history, where a slice per cell made a clone-heavy plan
// copy and grow millions of them.
type TrailLog struct {
	chunks [][]trailStep
	n      int
	// moved is set once Keep has taken the trails wanted elsewhere: the
	// tables that still name steps here are done with.
	moved bool
}

// trailStep is one contribution and the index of the step before it in
// its cell (noStep for none).
type trailStep struct {
	why   *Cause
	value ir.Score
	prev  TrailEnd
	set   bool
}

// TrailEnd names the last step of a cell's trail in a TrailLog.
type TrailEnd int32

// noStep ends a trail: the cell has no contribution before.
const noStep TrailEnd = -1

// trailChunkBits sizes the log's chunks: growing the log copies nothing.
const trailChunkBits = 16

const trailChunk = 1 << trailChunkBits

// push appends contribution c after step prev and returns its index.
func (l *TrailLog) push(prev TrailEnd, c Contribution) TrailEnd {
	l.mustHold()
	if l.n&(trailChunk-1) == 0 {
		l.chunks = append(l.chunks, make([]trailStep, 0, trailChunk))
	}
	last := len(l.chunks) - 1
	l.chunks[last] = append(l.chunks[last], trailStep{why: c.Why, value: c.Value, prev: prev, set: c.Set})
	l.n++
	return TrailEnd(l.n - 1)
}

func (l *TrailLog) step(i TrailEnd) *trailStep {
	return &l.chunks[i>>trailChunkBits][i&(trailChunk-1)]
}

// Trail returns the trail ending at end, first contribution first (nil
// for an empty one).
func (l *TrailLog) Trail(end TrailEnd) []Contribution {
	l.mustHold()
	n := 0
	for i := end; i != noStep; i = l.step(i).prev {
		n++
	}
	if n == 0 {
		return nil
	}
	out := make([]Contribution, n)
	for i := end; i != noStep; i = l.step(i).prev {
		n--
		s := l.step(i)
		out[n] = Contribution{Why: s.why, Value: s.value, Set: s.set}
	}
	return out
}

// mustHold panics on a log Keep has emptied: a table's trail is read or
// added to after the plan kept the lines it wanted.
func (l *TrailLog) mustHold() {
	if l.moved {
		panic("model: a trail log is used after Keep")
	}
}

// Keep returns a log holding the trails ending at ends alone, with their
// shared steps shared still, rewrites ends to name them there, and
// empties l: a plan that records every line to keep a few lets go of the
// rest, though its tables still point at l.
func (l *TrailLog) Keep(ends []TrailEnd) *TrailLog {
	defer func() { l.chunks, l.n, l.moved = nil, 0, true }()
	kept := &TrailLog{}
	moved := make(map[TrailEnd]TrailEnd)
	var chain []TrailEnd
	for k, end := range ends {
		chain = chain[:0]
		at := noStep
		for i := end; i != noStep; i = l.step(i).prev {
			if m, ok := moved[i]; ok {
				at = m
				break
			}
			chain = append(chain, i)
		}
		for j := len(chain) - 1; j >= 0; j-- {
			s := l.step(chain[j])
			at = kept.push(at, Contribution{Why: s.why, Value: s.value, Set: s.set})
			moved[chain[j]] = at
		}
		ends[k] = at
	}
	return kept
}
