package agents

import (
	"path/filepath"
	"sort"
	"strings"
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
