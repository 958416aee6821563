package compiler

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
)

// importedMarker starts the first line of every .pcl that pcl import
// writes (emit/pclgen).
var importedMarker = []byte("# Imported from ")

// collapseImportedTwice replaces the duplicate declarations reported in a
// .pcl written by pcl import, when the policy has other files, with one
// error: such a file is a whole policy, and written into the directory of
// the policy it came from it repeats every block of it.
func collapseImportedTwice(diags hcl.Diagnostics, files map[string]*hcl.File) hcl.Diagnostics {
	if len(files) < 2 {
		return diags
	}
	var imported []string
	for name, f := range files {
		if importedFile(f) {
			imported = append(imported, name)
		}
	}
	sort.Strings(imported)
	// involves names the imported file a duplicate is about: the one it is
	// reported in, or the one its first declaration is in.
	involves := func(d *hcl.Diagnostic) string {
		if d.Subject == nil || !isDuplicate(d) {
			return ""
		}
		for _, f := range imported {
			if d.Subject.Filename == f || strings.Contains(d.Detail, f+":") {
				return f
			}
		}
		return ""
	}
	count := map[string]int{}
	first := map[string]*hcl.Diagnostic{}
	for _, d := range diags {
		if f := involves(d); f != "" {
			count[f]++
			if first[f] == nil {
				first[f] = d
			}
		}
	}
	// A few duplicates are mistakes of their own, reported one by one; a
	// repeated policy repeats many.
	const repeated = 3
	var out hcl.Diagnostics
	for _, d := range diags {
		if f := involves(d); f != "" && count[f] >= repeated {
			continue
		}
		out = append(out, d)
	}
	for _, f := range imported {
		if count[f] < repeated {
			continue
		}
		line := firstLine(files[f].Bytes)
		start := hcl.Range{Filename: f, Start: hcl.InitialPos, End: hcl.Pos{Line: 1, Column: 1 + len(line), Byte: len(line)}}
		out = append(out, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "Imported policy compiled with its source",
			Detail: fmt.Sprintf("%s was written by pcl import and is a whole policy, but it is compiled together with other .pcl files that declare the same things (%d duplicates, the first at %s: %s). Write the import outside the policy's directory, or remove the files it replaces.",
				f, count[f], where(*first[f].Subject), first[f].Summary),
			Subject: &start,
		})
	}
	return out
}

func isDuplicate(d *hcl.Diagnostic) bool {
	return d.Severity == hcl.DiagError && (strings.HasPrefix(d.Summary, "Duplicate") || d.Summary == "Second cib block")
}

func importedFile(f *hcl.File) bool {
	return f != nil && bytes.HasPrefix(f.Bytes, importedMarker) && bytes.Contains(firstLine(f.Bytes), []byte("by pcl import"))
}

func firstLine(b []byte) []byte {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		return b[:i]
	}
	return b
}
