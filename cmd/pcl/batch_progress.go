package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// isTerminal reports whether f is a terminal (a character device), which
// is when a progress bar is worth drawing.
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// terminalProgress is a progress bar on w when w is a terminal, and nil
// otherwise: a bar redrawn with carriage returns would only clutter a
// file or a pipe.
func terminalProgress(w io.Writer, after time.Duration) *progressBar {
	if file, ok := w.(*os.File); ok && isTerminal(file) {
		return newProgressBar(file, after)
	}
	return nil
}

// progressBar draws "planning [=====     ] 12/40 scenarios" on one line,
// redrawn in place, once the batch has run for a while; nothing for
// quick batches. Its update is batch.Options.Progress, which the pool
// calls one at a time, and finish comes after the pool is done, so it
// needs no lock.
type progressBar struct {
	w     io.Writer
	after time.Duration
	start time.Time

	shown bool
	last  time.Time
	width int // of the last line drawn
}

// newProgressBar starts the clock of a bar that shows after after (a
// second when zero).
func newProgressBar(w io.Writer, after time.Duration) *progressBar {
	if after <= 0 {
		after = time.Second
	}
	return &progressBar{w: w, after: after, start: time.Now()}
}

// update records that done jobs of total are planned. Redraws are at
// most ten a second, but the last count is always drawn, so that a bar
// once shown ends full.
func (p *progressBar) update(done, total int) {
	now := time.Now()
	if now.Sub(p.start) < p.after || (p.shown && now.Sub(p.last) < 100*time.Millisecond && done < total) {
		return
	}
	const width = 30
	filled := width * done / max(total, 1)
	line := fmt.Sprintf("planning [%s%s] %d/%d scenarios", strings.Repeat("=", filled), strings.Repeat(" ", width-filled), done, total)
	fmt.Fprint(p.w, "\r"+line)
	p.shown, p.last, p.width = true, now, len(line)
}

// finish clears the bar so that what follows starts on a clean line.
func (p *progressBar) finish() {
	if p.shown {
		fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", p.width))
	}
}
