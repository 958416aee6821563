package planner

import (
	"iter"

	"pcl/ir"
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
// a node table) and made into a ScoreLine when read.
type ScoreLines struct {
	lines []scoreLine
	// runs are the resources whose lines were recorded, each with the
	// function printing them, in the order recorded: a resource's lines
	// on every node are one run.
	runs []scoreRun
	// nodes are the nodes' names, by index.
	nodes []string
	// trails are the lines' explanations, by line; nil when trails are
	// off.
	trails [][]Contribution
}

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
func (s *ScoreLines) Len() int { return len(s.lines) }

// At returns line i.
func (s *ScoreLines) At(i int) ScoreLine {
	l := s.lines[i]
	run := s.runs[l.run]
	out := ScoreLine{Func: run.fn, Resource: run.rsc, Node: s.nodes[l.node], Score: l.score}
	if s.trails != nil {
		out.Trail = s.trails[i]
	}
	return out
}

// All yields the lines in order.
func (s *ScoreLines) All() iter.Seq2[int, ScoreLine] {
	return func(yield func(int, ScoreLine) bool) {
		for i := range s.lines {
			if !yield(i, s.At(i)) {
				return
			}
		}
	}
}

// Resource is the resource line i is about, without making the line.
func (s *ScoreLines) Resource(i int) string { return s.runs[s.lines[i].run].rsc }

// grow reserves room for n more lines.
func (s *ScoreLines) grow(n int, trails bool) {
	s.lines = make([]scoreLine, 0, n)
	if trails {
		s.trails = make([][]Contribution, 0, n)
	}
}

// startRun begins the lines of rsc printed by fn.
func (s *ScoreLines) startRun(fn, rsc string) {
	s.runs = append(s.runs, scoreRun{fn, rsc})
}

// add appends a line of the current run.
func (s *ScoreLines) add(node int, score ir.Score, trail []Contribution) {
	s.lines = append(s.lines, scoreLine{score: score, run: uint32(len(s.runs) - 1), node: uint32(node)})
	if s.trails != nil {
		s.trails = append(s.trails, trail)
	}
}
