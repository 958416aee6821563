package planner

import (
	"iter"

	"pcl/ir"
	"pcl/planner/model"
)

// ScoreLine is one "allocation score" line.
type ScoreLine struct {
	Func     string // pcmk__primitive_assign or pcmk__group_assign
	Resource string
	Node     string
	Score    ir.Score
	// Trail is the explanation: contributions in the order applied (nil
	// when trails are off).
	Trail []Contribution
}

// String renders the line exactly as crm_simulate does.
func (l ScoreLine) String() string {
	b, _ := l.AppendText(nil)
	return string(b)
}

// AppendText appends the line as String renders it (a large cluster has
// hundreds of thousands of them: encoding.TextAppender spares a string
// each).
func (l ScoreLine) AppendText(b []byte) ([]byte, error) {
	b = append(b, l.Func...)
	b = append(b, ": "...)
	b = append(b, l.Resource...)
	b = append(b, " allocation score on "...)
	b = append(b, l.Node...)
	b = append(b, ": "...)
	return l.Score.AppendText(b)
}

// ScoreLines are a plan's allocation score lines in the order
// crm_simulate prints them. A clone-heavy cluster has tens of millions of
// them, so each is kept as 16 bytes (its score and indexes into a run and
// a node table), in chunks of fixed size (growing copies nothing), and
// made into a ScoreLine when read.
type ScoreLines struct {
	chunks [][]scoreLine
	// trails are where the lines' explanations end in log, in chunks as
	// the lines are; nil when trails are off.
	trails [][]model.TrailEnd
	log    *model.TrailLog
	n      int
	// runs are the resources whose lines were recorded, each with the
	// function printing them, in the order recorded: a resource's lines
	// on every node are one run.
	runs []scoreRun
	// nodes are the nodes' names, by index.
	nodes []string
}

// scoreChunk is the number of lines in a chunk (a power of two).
const scoreChunkBits = 16

const scoreChunk = 1 << scoreChunkBits

// scoreLine is one line: its score, its run and its node.
type scoreLine struct {
	score ir.Score
	run   uint32
	node  uint32
}

// scoreRun is the function and resource of a run of lines.
type scoreRun struct {
	fn, rsc string
}

// Len is the number of lines.
func (s *ScoreLines) Len() int { return s.n }

// line is line i as kept.
func (s *ScoreLines) line(i int) scoreLine { return s.chunks[i>>scoreChunkBits][i&(scoreChunk-1)] }

// At returns line i.
func (s *ScoreLines) At(i int) ScoreLine {
	l := s.line(i)
	run := s.runs[l.run]
	out := ScoreLine{Func: run.fn, Resource: run.rsc, Node: s.nodes[l.node], Score: l.score}
	if s.log != nil {
		out.Trail = s.log.Trail(s.trails[i>>scoreChunkBits][i&(scoreChunk-1)])
	}
	return out
}

// All yields the lines in order, with their indexes.
func (s *ScoreLines) All() iter.Seq2[int, ScoreLine] {
	return func(yield func(int, ScoreLine) bool) {
		for i := range s.n {
			if !yield(i, s.At(i)) {
				return
			}
		}
	}
}

// Resource is the resource line i is about, without making the line.
func (s *ScoreLines) Resource(i int) string { return s.runs[s.line(i).run].rsc }

// Node is the node line i is on, without making the line (and its
// trail).
func (s *ScoreLines) Node(i int) string { return s.nodes[s.line(i).node] }

// start readies s for the lines of a plan on nodes, whose trails log
// keeps (nil for none).
func (s *ScoreLines) start(nodes []*model.Node, log *model.TrailLog) {
	s.nodes = make([]string, len(nodes))
	for i, n := range nodes {
		s.nodes[i] = n.Uname
	}
	s.log = log
}

// startRun begins the lines of rsc printed by fn.
func (s *ScoreLines) startRun(fn, rsc string) {
	s.runs = append(s.runs, scoreRun{fn, rsc})
}

// add appends the line of the current run on node, from table t.
func (s *ScoreLines) add(node int, t *model.Table) {
	s.appendLine(t.W[node], len(s.runs)-1, node)
	if s.log != nil {
		i := s.n - 1
		s.trails[i>>scoreChunkBits][i&(scoreChunk-1)] = t.TrailEnd(node)
	}
}

// appendLine appends a line of run on node, with room for its trail's end
// when trails are kept. Chunks are made at their full length: line i is
// at i's place in its chunk, and Len says how many there are.
func (s *ScoreLines) appendLine(score ir.Score, run, node int) {
	c, i := s.n>>scoreChunkBits, s.n&(scoreChunk-1)
	if c == len(s.chunks) { // a chunk emptied by retainSince is used again
		s.chunks = append(s.chunks, make([]scoreLine, scoreChunk))
		if s.log != nil {
			s.trails = append(s.trails, make([]model.TrailEnd, scoreChunk))
		}
	}
	s.chunks[c][i] = scoreLine{score: score, run: uint32(run), node: uint32(node)}
	s.n++
}

// retainSince keeps, of the lines from the first-th on, those of each run
// on the nodes wanted(run) reports (every node for nil), in order, with
// their trails' ends; runs stay (keep drops those of the resources it is
// not asked for). The memory of the dropped lines is used again by the
// next ones.
func (s *ScoreLines) retainSince(first int, wanted func(run int) []bool) {
	w := first
	run, mask := -1, []bool(nil)
	for i := first; i < s.n; i++ {
		l := s.line(i)
		if int(l.run) != run {
			run = int(l.run)
			mask = wanted(run)
		}
		if mask != nil && !mask[l.node] {
			continue
		}
		s.chunks[w>>scoreChunkBits][w&(scoreChunk-1)] = l
		if s.log != nil {
			s.trails[w>>scoreChunkBits][w&(scoreChunk-1)] = s.trails[i>>scoreChunkBits][i&(scoreChunk-1)]
		}
		w++
	}
	s.n = w
}

// keep drops the lines lines does not name (resource id on node name) and
// the runs of the resources it does not name, leaving those a plan
// recording lines names alone would have (Options.ScoresOf), and lets go
// of the trails the dropped lines ended in.
func (s *ScoreLines) keep(lines map[string]map[string]bool) {
	out := ScoreLines{nodes: s.nodes, log: s.log, runs: make([]scoreRun, 0, len(lines))}
	index := make(map[string]int, len(s.nodes))
	for i, n := range s.nodes {
		index[n] = i
	}
	// Tens of millions of lines: each run's nodes are looked up once.
	wanted := make([]bool, len(s.nodes))
	var ends []model.TrailEnd
	i := 0
	for run, r := range s.runs {
		only := lines[r.rsc]
		if only != nil {
			out.runs = append(out.runs, r)
			clear(wanted)
			for n := range only {
				if k, ok := index[n]; ok {
					wanted[k] = true
				}
			}
		}
		for ; i < s.n && int(s.line(i).run) == run; i++ {
			l := s.line(i)
			if only == nil || !wanted[l.node] {
				continue
			}
			out.appendLine(l.score, len(out.runs)-1, int(l.node))
			if s.log != nil {
				ends = append(ends, s.trails[i>>scoreChunkBits][i&(scoreChunk-1)])
			}
		}
	}
	if s.log != nil {
		out.log = s.log.Keep(ends)
		for k, end := range ends {
			out.trails[k>>scoreChunkBits][k&(scoreChunk-1)] = end
		}
	}
	*s = out
}
