package agents

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// Source gives the metadata of an agent named as the CIB names it:
// "class:provider:type" or "class:type". ok is false when the source does
// not know the agent.
type Source interface {
	Metadata(agent string) (md *Metadata, ok bool)
}

// fileName is the file a directory keeps an agent's metadata in.
func fileName(agent string) string {
	return strings.NewReplacer(":", "_", "/", "_").Replace(agent) + ".xml"
}

// Dir is a directory of saved metadata, one file per agent.
type Dir string

// Metadata reads the agent's saved metadata.
func (d Dir) Metadata(agent string) (*Metadata, bool) {
	data, err := os.ReadFile(filepath.Join(string(d), fileName(agent)))
	if err != nil {
		return nil, false
	}
	md, err := Parse(data)
	return md, err == nil
}

// Save keeps data, an agent's metadata XML, in the directory.
func (d Dir) Save(agent string, data []byte) error {
	if err := os.MkdirAll(string(d), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(string(d), ".agent-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), filepath.Join(string(d), fileName(agent)))
}

// Installed asks crm_resource for the metadata of agents installed on this
// machine, once per agent, and saves what it gets in SaveTo when set.
type Installed struct {
	Program string // crm_resource
	SaveTo  Dir    // "" to save nothing
	// OnSaveError, when set, hears of the first metadata that could not
	// be saved.
	OnSaveError func(error)

	saveFailed bool

	mu    sync.Mutex
	cache map[string]*Metadata

	listOnce sync.Once
	listed   []string
}

// NewInstalled returns a source that runs crm_resource when it is on PATH,
// or nil.
func NewInstalled(saveTo Dir) *Installed {
	prog, err := exec.LookPath("crm_resource")
	if err != nil {
		return nil
	}
	return &Installed{Program: prog, SaveTo: saveTo}
}

// Metadata runs crm_resource --show-metadata for the agent.
func (s *Installed) Metadata(agent string) (*Metadata, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if md, seen := s.cache[agent]; seen {
		return md, md != nil
	}
	if s.cache == nil {
		s.cache = map[string]*Metadata{}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var out bytes.Buffer
	cmd := exec.CommandContext(ctx, s.Program, "--show-metadata", agent)
	cmd.Stdout = &out
	var md *Metadata
	if err := cmd.Run(); err == nil {
		md, _ = Parse(out.Bytes())
	}
	s.cache[agent] = md
	if md != nil && s.SaveTo != "" {
		if err := s.SaveTo.Save(agent, out.Bytes()); err != nil && !s.saveFailed {
			s.saveFailed = true
			if s.OnSaveError != nil {
				s.OnSaveError(err)
			}
		}
	}
	return md, md != nil
}

// Chain asks each source in turn.
type Chain []Source

// Metadata returns the first source's answer that knows the agent.
func (c Chain) Metadata(agent string) (*Metadata, bool) {
	for _, s := range c {
		if s == nil {
			continue
		}
		if md, ok := s.Metadata(agent); ok {
			return md, true
		}
	}
	return nil, false
}
