package agents

import (
	"context"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Lister is a Source that can name the agents it knows (for editors'
// completion of agent names).
type Lister interface {
	Agents() []string
}

// Agents names the agents whose metadata the directory holds, as the
// CIB names them: a file ocf_heartbeat_IPaddr2.xml is
// ocf:heartbeat:IPaddr2 (an OCF agent has a provider, others do not:
// stonith_fence_ipmilan.xml is stonith:fence_ipmilan).
func (d Dir) Agents() []string {
	matches, _ := filepath.Glob(filepath.Join(string(d), "*.xml"))
	var out []string
	for _, m := range matches {
		base := strings.TrimSuffix(filepath.Base(m), ".xml")
		class, rest, ok := strings.Cut(base, "_")
		if !ok || rest == "" {
			continue
		}
		if class == "ocf" {
			provider, typ, ok := strings.Cut(rest, "_")
			if !ok || typ == "" {
				continue
			}
			out = append(out, "ocf:"+provider+":"+typ)
			continue
		}
		out = append(out, class+":"+rest)
	}
	sort.Strings(out)
	return out
}

// Agents names the agents every source of the chain that can list them
// knows, each once, sorted.
func (c Chain) Agents() []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range c {
		l, ok := s.(Lister)
		if !ok {
			continue
		}
		for _, a := range l.Agents() {
			if !seen[a] {
				seen[a] = true
				out = append(out, a)
			}
		}
	}
	sort.Strings(out)
	return out
}

// Agents names the OCF and fencing agents installed here, as crm_resource
// lists them (--list-ocf-providers, --list-agents), once: the other
// classes (lsb, service, systemd) have no metadata to check against.
func (s *Installed) Agents() []string {
	s.listOnce.Do(func() {
		var out []string
		for _, provider := range s.list("--list-ocf-providers") {
			for _, t := range s.list("--list-agents", "ocf:"+provider) {
				out = append(out, "ocf:"+provider+":"+t)
			}
		}
		for _, t := range s.list("--list-agents", "stonith") {
			out = append(out, "stonith:"+t)
		}
		sort.Strings(out)
		s.listed = out
	})
	return s.listed
}

// list runs crm_resource with args and returns its output's lines.
func (s *Installed) list(args ...string) []string {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, s.Program, args...).Output()
	if err != nil {
		return nil
	}
	var lines []string
	for _, l := range strings.Split(string(out), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	return lines
}
