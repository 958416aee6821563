package matrix

import (
	"sync"

	"pcl/planner/batch"
)

// Stream makes a batch report's columns as the batch plans its
// scenarios (batch.Options.Done), so that the batch can let each
// scenario's plans go once its column is made: a batch keeps every
// outcome until the report is made otherwise, tens of megabytes each on
// a clone-heavy cluster. Its report is the one FromBatch makes of the
// same batch.
type Stream struct {
	baseline *Run
	rows     bool // the baseline was planned: the rows are known
	report   *Report
	mu       sync.Mutex
	columns  map[int]*Column
}

// NewStream returns a stream for one batch run.
func NewStream() *Stream { return &Stream{columns: map[int]*Column{}} }

// Done is batch.Options.Done: the baseline gives the rows (the rows of a
// report are its baseline's when it was planned), and from then on each
// scenario's column is made at once and its plans released. Without a
// planned baseline every outcome is kept for Report.
func (s *Stream) Done(i int, o *batch.Outcome) bool {
	if i < 0 {
		s.baseline = fromOutcome(o)
		s.report = newReport(s.baseline, nil)
		s.rows = s.baseline.Result != nil
		return false
	}
	if !s.rows {
		return false
	}
	c := column(fromOutcome(o), s.report.Resources)
	s.mu.Lock()
	s.columns[i] = c
	s.mu.Unlock()
	return true
}

// Report is the report of res, the batch run with s.Done.
func (s *Stream) Report(res *batch.Result) *Report {
	if !s.rows {
		return FromBatch(res)
	}
	r := s.report
	r.Baseline = column(s.baseline, r.Resources)
	for i, o := range res.Scenarios {
		c := s.columns[i]
		if c == nil {
			c = column(fromOutcome(o), r.Resources)
		}
		r.Columns = append(r.Columns, c)
	}
	r.finish()
	return r
}
