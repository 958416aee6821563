package main

import (
	"bufio"
	"sort"
	"strings"
	"unicode/utf8"

	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/mitchellh/go-wordwrap"

	"github.com/hashicorp/hcl/v2"
)

// printDiags writes diagnostics with file:line:col and a source excerpt.
// files maps file names to their parsed (or raw) sources for the excerpts.
//
// The text is HCL's diagnostic format, written here rather than by HCL's
// writer, which scans the file from its start for every diagnostic (4,000
// errors in one file took minutes): each file's lines are indexed once,
// so printing is linear in the number of diagnostics. Excerpt lines are cut
// to a window around the subject's column and long excerpts to the lines
// around the subject. Diagnostics that show the values of an expression's
// variables are left to HCL's writer.
func printDiags(w io.Writer, files map[string]*hcl.File, diags hcl.Diagnostics) {
	if len(diags) == 0 {
		return
	}
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	hw := hcl.NewDiagnosticTextWriter(bw, files, diagWidth, false)
	lines := map[string][]int{}
	for _, d := range diags {
		// HCL's writer names the line but not the column; lead with the
		// file:line:col that editors and terminals can jump to.
		located := *d
		if r := d.Subject; r != nil {
			located.Summary = fmt.Sprintf("%s:%d:%d: %s", r.Filename, r.Start.Line, r.Start.Column, d.Summary)
		}
		if d.Expression != nil && d.EvalContext != nil {
			_ = hw.WriteDiagnostic(&located)
			continue
		}
		writeDiag(bw, files, lines, &located)
	}
}

// diagWidth is the width details are wrapped to.
const diagWidth = 100

// Excerpts show at most excerptWidth bytes of a line and excerptLines lines
// either side of the subject's first line.
const (
	excerptWidth = 160
	excerptLines = 5
)

func writeDiag(w *bufio.Writer, files map[string]*hcl.File, lineIndex map[string][]int, d *hcl.Diagnostic) {
	sev := "???????"
	switch d.Severity {
	case hcl.DiagError:
		sev = "Error"
	case hcl.DiagWarning:
		sev = "Warning"
	}
	fmt.Fprintf(w, "%s: %s\n\n", sev, d.Summary)
	if d.Subject != nil {
		subj := *d.Subject
		snip := subj
		if d.Context != nil {
			snip = hcl.RangeOver(snip, *d.Context)
		}
		if snip.Empty() {
			snip.End.Byte++
		}
		file := files[subj.Filename]
		if file == nil || file.Bytes == nil {
			fmt.Fprintf(w, "  on %s line %d:\n  (source code not available)\n\n", subj.Filename, subj.Start.Line)
		} else {
			ctx := ""
			if cs, ok := file.Nav.(interface{ ContextString(int) string }); ok {
				if c := cs.ContextString(subj.Start.Byte); c != "" {
					ctx = ", in " + c
				}
			}
			fmt.Fprintf(w, "  on %s line %d%s:\n", subj.Filename, subj.Start.Line, ctx)
			src := file.Bytes
			starts, ok := lineIndex[subj.Filename]
			if !ok {
				starts = indexLines(src)
				lineIndex[subj.Filename] = starts
			}
			// Lines (1-based) whose text overlaps the snippet, as HCL's
			// writer shows them.
			first := sort.Search(len(starts), func(i int) bool { return lineEnd(src, starts, i) > snip.Start.Byte }) + 1
			elided := false
			for n := first; n <= len(starts) && starts[n-1] < snip.End.Byte; n++ {
				ls, le := starts[n-1], lineEnd(src, starts, n-1)
				if ls == le || !(ls < snip.End.Byte && snip.Start.Byte < le) {
					continue
				}
				if n < subj.Start.Line-excerptLines || n > subj.Start.Line+excerptLines {
					if !elided {
						fmt.Fprintf(w, "  ...\n")
						elided = true
					}
					continue
				}
				col := 0
				if n == subj.Start.Line {
					col = subj.Start.Byte - ls
				}
				fmt.Fprintf(w, "%4d: %s\n", n, window(src[ls:le], col))
			}
			w.WriteByte('\n')
		}
	}
	if d.Detail != "" {
		fmt.Fprintf(w, "%s\n\n", wordwrap.WrapString(cutWords(d.Detail), diagWidth))
	}
}

// indexLines gives the byte offset where each line of src starts.
func indexLines(src []byte) []int {
	starts := []int{0}
	for i, c := range src {
		if c == '\n' && i+1 < len(src) {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// lineEnd is the offset where line i's text ends (before "\r\n" or "\n").
func lineEnd(src []byte, starts []int, i int) int {
	end := len(src)
	if i+1 < len(starts) {
		end = starts[i+1] - 1
	} else if end > starts[i] && src[end-1] == '\n' {
		end--
	}
	if end > starts[i] && src[end-1] == '\r' {
		end--
	}
	return end
}

// window cuts a long line to excerptWidth bytes around byte col, on
// character boundaries, marking what is left out with "...".
func window(line []byte, col int) string {
	if len(line) <= excerptWidth {
		return string(line)
	}
	from := col - excerptWidth/4
	if from < 0 {
		from = 0
	}
	to := from + excerptWidth
	if to > len(line) {
		to, from = len(line), len(line)-excerptWidth
	}
	for from > 0 && !utf8.RuneStart(line[from]) {
		from--
	}
	for to < len(line) && !utf8.RuneStart(line[to]) {
		to++
	}
	out := string(line[from:to])
	if from > 0 {
		out = "..." + out
	}
	if to < len(line) {
		out += "..."
	}
	return out
}

// writeOutput writes data to path atomically (a temporary file in the same
// directory, renamed over path), or to stdout when path is "" or "-". A
// failed run never leaves a half-written file behind.
func writeOutput(e *env, path string, data []byte) error {
	if path == "" || path == "-" {
		_, err := e.stdout.Write(data)
		return err
	}
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		// Name what the user gave, not the temporary file.
		if st, serr := os.Stat(dir); serr != nil {
			return fmt.Errorf("cannot write %s: the directory %s does not exist", path, dir)
		} else if !st.IsDir() {
			return fmt.Errorf("cannot write %s: %s is not a directory", path, dir)
		}
		return fmt.Errorf("cannot write %s: %v", path, errors.Unwrap(err))
	}
	defer os.Remove(tmp.Name()) // no-op after a successful rename
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// cutWords shortens the words of a detail longer than excerptWidth bytes
// (a 10 MB value quoted in a message) to their start and end.
func cutWords(s string) string {
	if len(s) <= excerptWidth {
		return s
	}
	words := strings.Split(s, " ")
	for i, wd := range words {
		if len(wd) > excerptWidth {
			head, tail := excerptWidth*3/4, excerptWidth/8
			for head > 0 && !utf8.RuneStart(wd[head]) {
				head--
			}
			for tail < len(wd) && !utf8.RuneStart(wd[len(wd)-tail]) {
				tail++
			}
			words[i] = wd[:head] + "..." + wd[len(wd)-tail:]
		}
	}
	return strings.Join(words, " ")
}
