package batch

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// IsTerminal reports whether f is a terminal (a character device), which
// is when a progress bar is worth drawing.
func IsTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// progress draws "planning [=====     ] 12/40" on one line, redrawn in
// place, once the batch has run for a while; nothing for quick batches.
type progress struct {
	w     io.Writer
	after time.Duration
	start time.Time
	total int

	mu     sync.Mutex
	count  int
	shown  bool
	last   time.Time
	closed bool
	width  int // of the last line drawn
}

func newProgress(w io.Writer, after time.Duration, total int) *progress {
	if after <= 0 {
		after = time.Second
	}
	return &progress{w: w, after: after, start: time.Now(), total: total}
}

func (p *progress) done() {
	if p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.count++
	now := time.Now()
	if now.Sub(p.start) < p.after || (p.shown && now.Sub(p.last) < 100*time.Millisecond && p.count < p.total) {
		return
	}
	p.draw(now)
}

func (p *progress) draw(now time.Time) {
	const width = 30
	filled := width * p.count / max(p.total, 1)
	line := fmt.Sprintf("planning [%s%s] %d/%d scenarios", strings.Repeat("=", filled), strings.Repeat(" ", width-filled), p.count, p.total)
	fmt.Fprint(p.w, "\r"+line)
	p.shown, p.last, p.width = true, now, len(line)
}

// finish clears the bar so that what follows starts on a clean line.
func (p *progress) finish() {
	if p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown && !p.closed {
		fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", p.width))
	}
	p.closed = true
}
