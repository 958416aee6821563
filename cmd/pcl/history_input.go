package main

import (
	"archive/tar"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"pcl/history"
	"pcl/importer"
)

// historyFiles reads the scheduler inputs pcl history is given: files
// (pe-input-N.bz2, pe-warn-N.bz2, pe-error-N.bz2, or any CIB file), a
// directory of them (/var/lib/pacemaker/pengine, searched recursively:
// an unpacked crm_report has one pengine directory per node), and the
// tarballs crm_report and pcs cluster report write (.tar.bz2, or .tar.gz
// or .tar.xz when crm_report found no bzip2; .tar uncompressed), whose
// pe-* members are read. The inputs come back unordered: history.Order
// orders them.
func historyFiles(paths []string) ([]history.File, error) {
	var out []history.File
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		switch {
		case info.IsDir():
			files, err := historyDir(p)
			if err != nil {
				return nil, err
			}
			if len(files) == 0 {
				return nil, fmt.Errorf("%s holds no scheduler input (pe-input-N.bz2, pe-warn-N.bz2, pe-error-N.bz2)", p)
			}
			out = append(out, files...)
		case isTarball(p):
			files, err := historyTarball(p)
			if err != nil {
				return nil, err
			}
			if len(files) == 0 {
				return nil, fmt.Errorf("%s holds no scheduler input (pe-input-N.bz2, pe-warn-N.bz2, pe-error-N.bz2)", p)
			}
			out = append(out, files...)
		default:
			src, err := importer.ReadFile(p)
			if err != nil {
				return nil, err
			}
			out = append(out, history.File{Name: p, Source: src})
		}
	}
	return out, nil
}

// historyDir reads every scheduler input under dir, in name order.
func historyDir(dir string) ([]history.File, error) {
	var names []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			if _, _, ok := importer.SchedulerInput(path); ok {
				names = append(names, path)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	out := make([]history.File, 0, len(names))
	for _, name := range names {
		src, err := importer.ReadFile(name)
		if err != nil {
			return nil, err
		}
		out = append(out, history.File{Name: name, Source: src})
	}
	return out, nil
}

// tarSuffixes are the names crm_report gives its tarball, by the
// compressor it found (bzip2 first, then gzip, then xz), and a plain tar.
var tarSuffixes = []string{".tar.bz2", ".tbz2", ".tar.gz", ".tgz", ".tar.xz", ".txz", ".tar"}

func isTarball(path string) bool {
	name := strings.ToLower(path)
	for _, s := range tarSuffixes {
		if strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}

// historyTarball reads the scheduler inputs inside a tarball; each is
// named TARBALL:MEMBER.
func historyTarball(path string) ([]history.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := uncompressed(path, f)
	if err != nil {
		return nil, err
	}
	tr := tar.NewReader(r)
	var out []history.File
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		if _, _, ok := importer.SchedulerInput(h.Name); !ok {
			continue
		}
		raw, err := io.ReadAll(io.LimitReader(tr, maxTarMember+1))
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %v", path, h.Name, err)
		}
		if len(raw) > maxTarMember {
			return nil, fmt.Errorf("%s: %s is larger than %d bytes", path, h.Name, maxTarMember)
		}
		name := path + ":" + h.Name
		src, err := importer.Decompress(name, raw)
		if err != nil {
			return nil, err
		}
		out = append(out, history.File{Name: name, Source: src})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// maxTarMember bounds one member read from a tarball.
const maxTarMember = 256 << 20

// uncompressed is the tar stream of a tarball, told by its first bytes:
// bzip2 and gzip are read in Go; xz, which Go's library does not read,
// by the xz program that crm_report itself used to write it.
func uncompressed(path string, f *os.File) (io.Reader, error) {
	head := make([]byte, 6)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	switch {
	case bytes.HasPrefix(head, []byte("BZh")):
		return bzip2.NewReader(f), nil
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		return gzip.NewReader(f)
	case bytes.HasPrefix(head, []byte{0xfd, '7', 'z', 'X', 'Z', 0}):
		out, err := runTool(nil, "xz", "--decompress", "--stdout", path)
		if err != nil {
			return nil, fmt.Errorf("%s is xz-compressed, which pcl reads with the xz program: %v", path, err)
		}
		return bytes.NewReader(out), nil
	}
	return f, nil
}
