package ruleeval

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"pcl/emit/cibxml"
	"pcl/emit/pclgen"
	"pcl/importer"
	"pcl/internal/testenv"
	"pcl/ir"
)

// TestCorpusRulesOracle evaluates every distinct location-capable rule of
// the corpus (from constraints and attribute sets alike) as a location
// rule on the oracle nodes and compares with crm_simulate.
func TestCorpusRulesOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("runs crm_simulate on a large CIB")
	}
	sim := testenv.Tool(t, "crm_simulate")
	files, err := filepath.Glob(filepath.Join(testenv.CorpusDir(t), "xml", "*.xml"))
	if err != nil {
		t.Fatal(err)
	}
	distinct := map[string]*ir.Rule{}
	for _, fn := range files {
		src, err := os.ReadFile(fn)
		if err != nil {
			t.Fatal(err)
		}
		cib, diags := importer.Read(fn, src)
		if diags.HasErrors() {
			continue
		}
		for _, r := range ir.OutermostRules(cib) {
			if !locationCapable(r) {
				continue
			}
			key, _, err := pclgen.FormatRule(r)
			if err == nil {
				distinct[key] = r
			}
		}
	}
	keys := make([]string, 0, len(distinct))
	for k := range distinct {
		keys = append(keys, k)
	}
	sort.Strings(keys)

	base, diags := importer.Read("base.xml", []byte(oracleCIB(nil)))
	if diags.HasErrors() {
		t.Fatal(diags.Error())
	}
	rules := map[string]*ir.Rule{}
	for i, k := range keys {
		id := fmt.Sprintf("c%d", i)
		r := distinct[k]
		r.Score, r.ScoreAttribute, r.Role = ir.NewScore(7), "", ""
		renameRule(r, id+"-")
		rules[id] = r
		base.Config.Resources = append(base.Config.Resources, &ir.Primitive{ID: id, Agent: ir.Agent{Class: "ocf", Provider: "pacemaker", Type: "Dummy"}})
		base.Config.Constraints = append(base.Config.Constraints, &ir.Location{ID: "loc-" + id, Resource: id, Rules: []*ir.Rule{r}})
	}
	var buf bytes.Buffer
	if err := cibxml.Write(&buf, base); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "corpus-rules.xml")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	defer func(old func() time.Time) { wallClock = old }(wallClock)
	wallClock = func() time.Time { return time.Now().UTC() }
	for _, now := range []string{"2005-020T12:30", "2005-020T11:30", "2019-09-23 12:30:00 -05:00", "2019-09-23T20:00:00Z", "2020-06-01"} {
		cmd := exec.Command(sim, "-x", path, "-sQ", "-t", now)
		cmd.Env = append(os.Environ(), "TZ=UTC")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("crm_simulate -t %q: %v\n%s", now, err, out)
		}
		tm, err := ParseTime(now)
		if err != nil {
			t.Fatal(err)
		}
		seen, passed := 0, 0
		sc := bufio.NewScanner(bytes.NewReader(out))
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			// pcmk__primitive_assign: c12 allocation score on node1: 7
			if len(f) != 7 || f[2] != "allocation" || !strings.HasPrefix(f[1], "c") {
				continue
			}
			node := strings.TrimSuffix(f[5], ":")
			want := f[6] == "7"
			seen++
			if want {
				passed++
			}
			r := rules[f[1]]
			got := Eval(r, &Context{Now: tm, Node: nodeAttrs(node), Match: &Match{}})
			if got != want {
				text, _, _ := pclgen.FormatRule(r)
				t.Errorf("-t %q, node %s, rule %s: Eval = %v, crm_simulate says %v", now, node, text, got, want)
			}
		}
		t.Logf("-t %q: %d distinct corpus rules, %d of %d rule/node pairs pass", now, len(keys), passed, seen)
		if seen != len(keys)*len(oracleNodes) {
			t.Fatalf("crm_simulate printed %d scores, want %d", seen, len(keys)*len(oracleNodes))
		}
	}
}

// locationCapable reports whether a rule may stand in a location
// constraint: no references and no resource or operation tests.
func locationCapable(r *ir.Rule) bool {
	if r.IDRef != "" {
		return false
	}
	for _, t := range r.Terms {
		switch t := t.(type) {
		case *ir.Rule:
			if !locationCapable(t) {
				return false
			}
		case *ir.ResourceExpression, *ir.OpExpression:
			return false
		}
	}
	return true
}

func renameRule(r *ir.Rule, prefix string) {
	r.ID = prefix + r.ID
	for _, t := range r.Terms {
		switch t := t.(type) {
		case *ir.Rule:
			renameRule(t, prefix)
		case *ir.Expression:
			t.ID = prefix + t.ID
		case *ir.DateExpression:
			t.ID = prefix + t.ID
			if t.Spec != nil {
				t.Spec.ID = prefix + t.Spec.ID
			}
			if t.Duration != nil {
				t.Duration.ID = prefix + t.Duration.ID
			}
		}
	}
}
