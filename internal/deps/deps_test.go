package deps

import (
	"os/exec"
	"path"
	"sort"
	"strings"
	"testing"

	"pcl/internal/testenv"
)

// allowed lists, for each package of the module, the module packages it
// may import; a pattern ending in "/..." stands for a package and
// everything under it. Data flows one way: sources to IR to the planner's
// Result to the emitters; cmd/pcl wires them and may import anything.
var allowed = map[string][]string{
	"pcl/pcmk":                         {},
	"pcl/ir":                           {"pcl/pcmk"},
	"pcl/dsl":                          {},
	"pcl/dsl/rule":                     {},
	"pcl/agents":                       {},
	"pcl/internal/scc":                 {},
	"pcl/internal/suggest":             {},
	"pcl/internal/xmlcompare":          {},
	"pcl/internal/synth":               {"pcl/ir", "pcl/pcmk"},
	"pcl/internal/testenv":             {"pcl/pcmk"},
	"pcl/internal/chain":               {"pcl/emit/cibxml", "pcl/importer", "pcl/ir", "pcl/planner", "pcl/planner/batch", "pcl/planner/scenario"},
	"pcl/internal/deps":                {},
	"pcl/internal/background":          {},
	"pcl/internal/cluster3test":        {"pcl/cibdiff", "pcl/compiler", "pcl/emit/cibxml", "pcl/emit/plantext", "pcl/internal/testenv", "pcl/internal/testpolicy", "pcl/ir"},
	"pcl/internal/testpolicy":          {"pcl/ir"},
	"pcl/compiler":                     {"pcl/agents", "pcl/dsl/...", "pcl/internal/scc", "pcl/internal/suggest", "pcl/ir", "pcl/pcmk"},
	"pcl/compiler/internal/genoptions": {},
	"pcl/importer":                     {"pcl/internal/suggest", "pcl/ir", "pcl/pcmk"},
	"pcl/planner/model":                {"pcl/ir", "pcl/pcmk"},
	"pcl/planner/ruleeval":             {"pcl/ir", "pcl/pcmk"},
	"pcl/planner/transition":           {"pcl/internal/scc", "pcl/ir", "pcl/pcmk", "pcl/planner/model"},
	"pcl/planner/scenario":             {"pcl/ir", "pcl/pcmk", "pcl/planner/model", "pcl/planner/transition"},
	"pcl/planner":                      {"pcl/internal/background", "pcl/ir", "pcl/pcmk", "pcl/planner/model", "pcl/planner/ruleeval", "pcl/planner/transition"},
	"pcl/planner/batch":                {"pcl/ir", "pcl/pcmk", "pcl/planner", "pcl/planner/model", "pcl/planner/scenario", "pcl/planner/transition"},
	"pcl/policytest":                   {"pcl/ir", "pcl/pcmk", "pcl/planner", "pcl/planner/batch", "pcl/planner/scenario", "pcl/planner/transition"},
	"pcl/emit/testreport":              {"pcl/emit/scores", "pcl/ir", "pcl/pcmk", "pcl/planner", "pcl/planner/batch", "pcl/policytest"},
	"pcl/cibdiff":                      {"pcl/ir", "pcl/pcmk", "pcl/planner", "pcl/planner/scenario", "pcl/planner/transition"},
	"pcl/history":                      {"pcl/cibdiff", "pcl/importer", "pcl/ir", "pcl/pcmk", "pcl/planner", "pcl/planner/transition"},
	"pcl/emit/historytext":             {"pcl/emit/difftext", "pcl/history"},
	"pcl/emit/cibxml":                  {"pcl/ir", "pcl/pcmk"},
	"pcl/emit/pclgen":                  {"pcl/dsl/rule", "pcl/ir", "pcl/pcmk"},
	"pcl/emit/scores":                  {"pcl/ir", "pcl/pcmk", "pcl/planner"},
	"pcl/emit/plantext":                {"pcl/internal/background", "pcl/ir", "pcl/pcmk", "pcl/planner", "pcl/planner/transition"},
	"pcl/emit/dot":                     {"pcl/emit/pclgen", "pcl/ir", "pcl/planner/transition"},
	"pcl/emit/matrix":                  {"pcl/emit/plantext", "pcl/ir", "pcl/pcmk", "pcl/planner", "pcl/planner/batch", "pcl/planner/scenario", "pcl/planner/transition"},
	"pcl/emit/difftext":                {"pcl/cibdiff", "pcl/emit/pclgen", "pcl/emit/plantext", "pcl/ir", "pcl/pcmk", "pcl/planner/transition"},
	"pcl/lsp":                          {"pcl/agents", "pcl/compiler", "pcl/dsl", "pcl/emit/scores", "pcl/ir", "pcl/pcmk", "pcl/planner", "pcl/planner/batch", "pcl/planner/ruleeval", "pcl/planner/scenario"},
	"pcl/cmd/...":                      {"pcl/..."},
}

// internalTo lists packages only some others may import, whatever allowed
// says (cmd/... included): the planner's working model is the planner's
// own; everything after planning reads planner.Result, which copies out
// what readers need.
var internalTo = map[string]string{
	"pcl/planner/model": "pcl/planner/...",
}

// mayImport reports whether pkg may import imp by internalTo.
func mayImport(pkg, imp string) bool {
	for inner, owners := range internalTo {
		if matches(inner, imp) && !matches(owners, pkg) {
			return false
		}
	}
	return true
}

// forbiddenExternal are modules outside the standard library a package
// may not import: only cmd/pcl reads flags.
var forbiddenExternal = map[string][]string{
	"pcl/planner/...": {"github.com/spf13/pflag"},
	"pcl/emit/...":    {"github.com/spf13/pflag"},
	"pcl/compiler":    {"github.com/spf13/pflag"},
	"pcl/pcmk":        {"github.com/"},
}

func matches(pattern, pkg string) bool {
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return pkg == base || strings.HasPrefix(pkg, base+"/")
	}
	return pkg == pattern
}

// rulesFor is the allowed list of pkg: the most specific entry naming it.
func rulesFor(pkg string) ([]string, bool) {
	best, found := "", false
	var list []string
	for pattern, l := range allowed {
		if matches(pattern, pkg) && len(pattern) > len(best) {
			best, list, found = pattern, l, true
		}
	}
	return list, found
}

// TestDependencies checks every import of every package of the module
// (tests excluded) against allowed and forbiddenExternal. A package the
// table does not know fails too: a new package states its place.
func TestDependencies(t *testing.T) {
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "./...")
	cmd.Dir = testenv.ModuleRoot()
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var problems []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg, imports := fields[0], fields[1:]
		list, ok := rulesFor(pkg)
		if !ok {
			problems = append(problems, pkg+" is not in the dependency table of internal/deps: add it with what it may import")
			continue
		}
		for _, imp := range imports {
			switch {
			case strings.HasPrefix(imp, "pcl/"):
				permitted := false
				for _, p := range list {
					permitted = permitted || matches(p, imp)
				}
				if !permitted {
					problems = append(problems, pkg+" imports "+imp)
				} else if !mayImport(pkg, imp) {
					problems = append(problems, pkg+" imports "+imp+", which only "+internalTo[imp]+" may import")
				}
			default:
				for pattern, bad := range forbiddenExternal {
					for _, b := range bad {
						if matches(pattern, pkg) && strings.HasPrefix(imp, b) {
							problems = append(problems, pkg+" imports "+imp)
						}
					}
				}
			}
		}
	}
	sort.Strings(problems)
	for _, p := range problems {
		t.Error(p)
	}
}

// TestDependencyRulesCatch checks the checker on arrows the rules
// forbid: cibdiff importing an emitter, a reader of the Result importing
// the planner's working model.
func TestDependencyRulesCatch(t *testing.T) {
	list, _ := rulesFor("pcl/cibdiff")
	for _, p := range list {
		if matches(p, "pcl/emit/cibxml") {
			t.Fatalf("cibdiff may import emit/cibxml by %q", p)
		}
	}
	for _, pkg := range []string{"pcl/emit/scores", "pcl/emit/plantext", "pcl/cibdiff", "pcl/history", "pcl/policytest", "pcl/lsp", "pcl/cmd/pcl"} {
		if mayImport(pkg, "pcl/planner/model") {
			t.Errorf("%s may import the planner's working model", pkg)
		}
	}
	if !mayImport("pcl/planner/batch", "pcl/planner/model") {
		t.Error("planner/batch may not import the planner's working model")
	}
	if _, ok := rulesFor(path.Join("pcl", "cmd", "pcl")); !ok {
		t.Fatal("cmd/pcl has no rules")
	}
}
