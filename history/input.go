package history

import (
	"crypto/sha256"
	"sort"
	"strconv"
	"time"

	"github.com/hashicorp/hcl/v2"

	"pcl/cibdiff"
	"pcl/importer"
	"pcl/ir"
)

// File is one saved scheduler input as read: its name (a path, or
// TARBALL:MEMBER) and its CIB XML, decompressed.
type File struct {
	Name   string
	Source []byte
}

// Input is one scheduler input, read.
type Input struct {
	Name string
	// Kind is "input", "warn" or "error" (pe-warn-N, pe-error-N: the
	// scheduler computed the transition with warnings or errors); "" for
	// a CIB file not named as the scheduler names its inputs.
	Kind string
	// Seq is the number in the name, -1 when there is none.
	Seq int
	// Date is the CIB's execution-date: when the scheduler ran (zero when
	// the CIB does not say).
	Date time.Time
	CIB  *ir.CIB
	// Diags are the importer's diagnostics; a CIB with errors is kept,
	// with CIB nil, so that the report names it.
	Diags hcl.Diagnostics
}

// Read reads files into inputs and orders them (Order). A file whose
// content another one has too (the same input collected twice) is left
// out.
func Read(files []File) []*Input {
	seen := map[[32]byte]bool{}
	var out []*Input
	for _, f := range files {
		sum := sha256.Sum256(f.Source)
		if seen[sum] {
			continue
		}
		seen[sum] = true
		in := &Input{Name: f.Name, Seq: -1}
		if kind, seq, ok := importer.SchedulerInput(f.Name); ok {
			in.Kind, in.Seq = kind, seq
		}
		cib, diags := importer.Read(f.Name, f.Source)
		in.Diags = diags
		if !diags.HasErrors() {
			in.CIB = cib
			in.Date = executionDate(cib)
		}
		out = append(out, in)
	}
	Order(out)
	return out
}

// Order sorts inputs in the order the scheduler read them: by
// execution-date when every input has one, then by the number in the
// name, then by the CIB's version (admin_epoch, epoch, num_updates), then
// by name.
func Order(inputs []*Input) {
	dated := true
	for _, in := range inputs {
		if in.Date.IsZero() {
			dated = false
		}
	}
	sort.SliceStable(inputs, func(i, j int) bool {
		a, b := inputs[i], inputs[j]
		if dated && !a.Date.Equal(b.Date) {
			return a.Date.Before(b.Date)
		}
		if a.Seq != b.Seq {
			return a.Seq < b.Seq
		}
		if va, vb := versionOf(a.CIB), versionOf(b.CIB); va != vb {
			return olderVersion(va, vb)
		}
		return a.Name < b.Name
	})
}

// executionDate is the CIB's execution-date attribute (seconds since the
// epoch), which the scheduler's inputs carry.
func executionDate(cib *ir.CIB) time.Time {
	if v, ok := cibAttr(cib, "execution-date"); ok {
		if secs, err := strconv.ParseInt(v, 10, 64); err == nil {
			return time.Unix(secs, 0).UTC()
		}
	}
	return time.Time{}
}

func cibAttr(cib *ir.CIB, name string) (string, bool) {
	if cib == nil {
		return "", false
	}
	for _, a := range cib.Attrs {
		if a.Name == name {
			return a.Value, true
		}
	}
	return "", false
}

// olderVersion orders CIB versions as Pacemaker does.
func olderVersion(v, w cibdiff.Version) bool {
	if v.AdminEpoch != w.AdminEpoch {
		return v.AdminEpoch < w.AdminEpoch
	}
	if v.Epoch != w.Epoch {
		return v.Epoch < w.Epoch
	}
	return v.NumUpdates < w.NumUpdates
}

// versionOf is cib's version, zero for an input that could not be read.
func versionOf(cib *ir.CIB) cibdiff.Version {
	if cib == nil {
		return cibdiff.Version{}
	}
	return cibdiff.VersionOf(cib)
}
