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
