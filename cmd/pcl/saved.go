package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"pcl/cibdiff"
	"pcl/importer"
	"pcl/ir"
)

// savedDirName is the state directory pcl apply keeps the configurations
// it replaced in, beside the policy: POLICY_DIR/.pcl-state/applied for a
// directory, the file's directory for .pcl files or a CIB. Its name must
// not end in .pcl: the compiler reads every *.pcl of a policy directory.
const savedDirName = ".pcl-state/applied"

// savedDir is where apply saves and rollback looks: dir when given
// (--save-dir), else beside the policy (the first path: a directory, or
// the directory of a file).
func savedDir(dir string, paths []string) string {
	if dir != "" || len(paths) == 0 {
		return dir
	}
	base := paths[0]
	if info, err := os.Stat(base); err != nil || !info.IsDir() {
		base = filepath.Dir(base)
	}
	return filepath.Join(base, filepath.FromSlash(savedDirName))
}

// A saved configuration's file name says when, how and from which
// version: 20261126T031200Z-apply-0.42.7.xml. The names sort in the
// order they were saved.
const savedStamp = "20060102T150405.000Z"

// saveReplaced writes the configuration of live (what pcl is about to
// replace; its <cib> attributes, epoch included, and no status) into dir,
// and returns its path. by is the command replacing it (apply or
// rollback): rollback goes back through what apply replaced.
func saveReplaced(dir string, live *ir.CIB, by string, now time.Time) (string, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	name := fmt.Sprintf("%s-%s-%s.xml", now.UTC().Format(savedStamp), by, cibdiff.VersionOf(live))
	path := filepath.Join(dir, name)
	cfg := &ir.CIB{Attrs: live.Attrs, Config: live.Config}
	tmp := path + ".tmp"
	if err := writeCIBFile(tmp, cfg); err != nil {
		os.Remove(tmp)
		return "", err
	}
	return path, os.Rename(tmp, path)
}

// savedConfig is one configuration saved in the state directory.
type savedConfig struct {
	Path string
	// By is the command that replaced it: apply or rollback.
	By string
}

// listSaved lists the saved configurations of dir, newest first.
func listSaved(dir string) ([]savedConfig, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []savedConfig
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".xml") {
			continue
		}
		parts := strings.SplitN(name, "-", 3)
		if len(parts) != 3 {
			continue
		}
		out = append(out, savedConfig{Path: filepath.Join(dir, name), By: parts[1]})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path > out[j].Path })
	return out, nil
}

// readSaved reads a saved configuration (or any CIB file given with
// --to).
func readSaved(path string) (*ir.CIB, []byte, error) {
	src, err := importer.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	cib, diags := importer.Read(path, src)
	if diags.HasErrors() {
		return nil, src, diags
	}
	if cib.Config == nil {
		return nil, src, fmt.Errorf("%s has no configuration", path)
	}
	return cib, src, nil
}
