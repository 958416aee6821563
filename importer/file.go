package importer

import (
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// schedulerInput matches the names of the inputs the scheduler saves in
// /var/lib/pacemaker/pengine: pe-input-N (a normal transition),
// pe-warn-N and pe-error-N (one computed with warnings or errors), .bz2
// when compressed (the default) and without it when not.
var schedulerInput = regexp.MustCompile(`^pe-(input|warn|error)-([0-9]+)(\.bz2|\.raw|\.xml)?$`)

// SchedulerInput reports whether name (a path) is an input the scheduler
// saved, its kind ("input", "warn" or "error") and its sequence number.
func SchedulerInput(name string) (kind string, seq int, ok bool) {
	m := schedulerInput.FindStringSubmatch(filepath.Base(name))
	if m == nil {
		return "", 0, false
	}
	n, err := strconv.Atoi(m[2])
	if err != nil {
		return "", 0, false
	}
	return m[1], n, true
}

// IsCIBFile reports whether path names a CIB rather than a policy: a
// .xml file, compressed or not (.xml.bz2, .xml.gz), or an input the
// scheduler saved (pe-input-N.bz2 and its kin). Every command that takes
// a CIB asks this one question, so a pe-input is never read as .pcl.
func IsCIBFile(path string) bool {
	if _, _, ok := SchedulerInput(path); ok {
		return true
	}
	name := strings.ToLower(filepath.Base(path))
	for _, ext := range []string{".bz2", ".gz"} {
		name = strings.TrimSuffix(name, ext)
	}
	return strings.HasSuffix(name, ".xml")
}

// ReadFile reads a CIB file, decompressed when it is bzip2 or gzip (told
// by its first bytes, not its name: the scheduler's .bz2 inputs, a copy
// renamed, a CIB gzipped by hand).
func ReadFile(path string) ([]byte, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Decompress(path, src)
}

// maxCIB bounds a decompressed CIB: a real one is at most tens of
// megabytes; a decompression bomb must not take the machine's memory.
const maxCIB = 1 << 30

// Decompress returns src decompressed when it is bzip2 or gzip data, and
// src itself otherwise. name is for the error.
func Decompress(name string, src []byte) ([]byte, error) {
	var r io.Reader
	switch {
	case bytes.HasPrefix(src, []byte("BZh")):
		r = bzip2.NewReader(bytes.NewReader(src))
	case bytes.HasPrefix(src, []byte{0x1f, 0x8b}):
		z, err := gzip.NewReader(bytes.NewReader(src))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		r = z
	default:
		return src, nil
	}
	out, err := io.ReadAll(io.LimitReader(r, maxCIB+1))
	if err != nil {
		return nil, fmt.Errorf("%s: decompressing: %v", name, err)
	}
	if len(out) > maxCIB {
		return nil, fmt.Errorf("%s: decompressed, it is larger than %d bytes", name, maxCIB)
	}
	return out, nil
}
