package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/hashicorp/hcl/v2"
)

// printDiags writes diagnostics with file:line:col and a source excerpt.
// files maps file names to their parsed (or raw) sources for the excerpts.
func printDiags(w io.Writer, files map[string]*hcl.File, diags hcl.Diagnostics) {
	if len(diags) == 0 {
		return
	}
	wr := hcl.NewDiagnosticTextWriter(w, files, 100, false)
	for _, d := range diags {
		// HCL's writer names the line but not the column; lead with the
		// file:line:col that editors and terminals can jump to.
		located := *d
		if r := d.Subject; r != nil {
			located.Summary = fmt.Sprintf("%s:%d:%d: %s", r.Filename, r.Start.Line, r.Start.Column, d.Summary)
		}
		_ = wr.WriteDiagnostic(&located)
	}
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
