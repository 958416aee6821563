package compiler

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"pcl/agents"
)

// TestAgentChecks compiles testdata/agents.pcl against the agent metadata
// saved in ../agents/testdata (as pcl check --agent-metadata DIR would)
// and compares the diagnostics with the comments on the offending lines.
func TestAgentChecks(t *testing.T) {
	const path = "testdata/agents.pcl"
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	sc := bufio.NewScanner(bytes.NewReader(src))
	for line := 1; sc.Scan(); line++ {
		if m := expectation.FindStringSubmatch(sc.Text()); m != nil {
			want = append(want, fmt.Sprintf("%d: %s: %s", line, m[1], m[3]))
		}
	}
	_, _, diags := Compile([]string{path}, Options{Agents: agents.Dir("../agents/testdata"), StrictAgents: true})
	var got []string
	for _, d := range diags {
		sev := "ERROR"
		if d.Severity == hcl.DiagWarning {
			sev = "WARNING"
		}
		got = append(got, fmt.Sprintf("%d: %s: %s", d.Subject.Start.Line, sev, d.Summary))
		t.Log(d.Detail)
	}
	sort.Strings(want)
	sort.Strings(got)
	if strings.Join(want, "\n") != strings.Join(got, "\n") {
		t.Errorf("diagnostics differ\nwant:\n  %s\ngot:\n  %s", strings.Join(want, "\n  "), strings.Join(got, "\n  "))
	}
}

// TestMissingAgentParameterWarnsByDefault: the agents pcl reads may not be
// the cluster's, so a missing required parameter is a warning unless
// StrictAgents asks for an error; CIBs crm_verify accepts then compile
// back whatever agents are installed (issue 21, item 11).
func TestMissingAgentParameterWarnsByDefault(t *testing.T) {
	_, _, diags := Compile([]string{"testdata/agents.pcl"}, Options{Agents: agents.Dir("../agents/testdata")})
	for _, d := range diags {
		if d.Summary == "Missing agent parameter" && d.Severity != hcl.DiagWarning {
			t.Errorf("a missing agent parameter is an error without StrictAgents: %s", d.Detail)
		}
	}
}
