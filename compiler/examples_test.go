package compiler

import (
	"bytes"
	"context"
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/hcl/v2"
	"golang.org/x/tools/txtar"

	"pcl/emit/cibxml"
	"pcl/internal/testenv"
	"pcl/pcmk"
)

// TestDocExamples compiles each policy under examples/ that has a
// testdata/docs/NAME.txtar and checks that the CIB contains every XML
// example of the Pacemaker documentation listed there, ids aside.
func TestDocExamples(t *testing.T) {
	archives, _ := filepath.Glob("testdata/docs/*.txtar")
	if len(archives) == 0 {
		t.Fatal("no testdata/docs/*.txtar")
	}
	total := 0
	for _, path := range archives {
		name := strings.TrimSuffix(filepath.Base(path), ".txtar")
		t.Run(name, func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			compiled := parseXMLTree(t, compileExample(t, filepath.Join("..", "examples", name)))
			for _, f := range ar.Files {
				want := parseXMLTree(t, f.Data)
				total++
				if !containsTree(compiled, want) {
					t.Errorf("%s: the compiled CIB does not contain\n%s", f.Name, f.Data)
				}
			}
		})
	}
	t.Logf("%d documentation examples checked", total)
}

// TestExamplesVerify runs crm_verify -x on every compiled example.
func TestExamplesVerify(t *testing.T) {
	verify := testenv.Tool(t, "crm_verify")
	dirs, _ := filepath.Glob("../examples/*")
	for _, dir := range dirs {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			continue
		}
		t.Run(filepath.Base(dir), func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "cib.xml")
			if err := os.WriteFile(out, compileExample(t, dir), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(verify, "-x", out)
			if msg, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("crm_verify rejects %s: %v\n%s", dir, err, msg)
			}
		})
	}
}

// TestExamplesVerify30: every example compiles for Pacemaker 3.0.0, and
// 3.0.0's crm_verify (the chroot of scripts/oracle-3.0) accepts it.
func TestExamplesVerify30(t *testing.T) {
	oracle := testenv.Tool30(t)
	dirs, _ := filepath.Glob("../examples/*")
	for _, dir := range dirs {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			continue
		}
		t.Run(filepath.Base(dir), func(t *testing.T) {
			target := pcmk.NewTarget(pcmk.V3_0_0, pcmk.FromFlag)
			// An example written for 2.1.5 may use a form 3.0 removed:
			// pcl upgrade-check's list, which must then be all that
			// stops it compiling.
			removals, _, _ := UpgradeCheck([]string{dir}, Options{}, target)
			var refused []string
			for _, r := range removals {
				if r.Diagnostic.Severity == hcl.DiagError {
					refused = append(refused, r.Form)
				}
			}
			if len(refused) > 0 {
				t.Skipf("uses forms Pacemaker 3.0 removed: %s", strings.Join(refused, ", "))
			}
			xml := compileExampleFor(t, dir, target)
			if out, errb, err := oracle.Run(t, xml, "crm_verify", "-V", "-x", "CIB"); err != nil {
				t.Errorf("3.0's crm_verify rejects %s: %v\n%s%s", dir, err, out, errb)
			}
		})
	}
}

// TestGoldenVerify runs crm_verify -V -x on the CIB compiled from each
// testdata/golden policy: the corpus of valid test policies, beside the
// examples, for the invariant that whatever compiles, crm_verify accepts.
// These policies are not whole clusters (no fencing devices, stonith
// enabled), so only what the compiler answers for is checked: the schema
// and the cluster options. crm_verify's scheduler does not finish on some
// of them (ids), so it gets a few seconds.
func TestGoldenVerify(t *testing.T) {
	verify := testenv.Tool(t, "crm_verify")
	archives, _ := filepath.Glob("testdata/golden/*.txtar")
	for _, path := range archives {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			for _, f := range ar.Files {
				if strings.HasSuffix(f.Name, ".pcl") {
					if err := os.WriteFile(filepath.Join(dir, filepath.Base(f.Name)), f.Data, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			out := filepath.Join(t.TempDir(), "cib.xml")
			if err := os.WriteFile(out, compileExample(t, dir), 0o644); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			msg, _ := exec.CommandContext(ctx, verify, "-V", "-x", out).CombinedOutput()
			for _, line := range strings.Split(string(msg), "\n") {
				if strings.Contains(line, "validity error") || strings.Contains(line, "cluster option") {
					t.Errorf("crm_verify rejects %s: %s", path, line)
				}
			}
		})
	}
}

func compileExample(t *testing.T, dir string) []byte {
	t.Helper()
	return compileExampleFor(t, dir, pcmk.Target{})
}

// compileExampleFor compiles the example in dir for target.
func compileExampleFor(t *testing.T, dir string, target pcmk.Target) []byte {
	t.Helper()
	cib, _, diags := Compile([]string{dir}, Options{Target: target})
	for _, d := range diags {
		t.Logf("%s", d)
	}
	if diags.HasErrors() {
		t.Fatalf("%s does not compile", dir)
	}
	var buf bytes.Buffer
	if err := cibxml.Write(&buf, cib); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// xmlNode is an element with its attributes and child elements; text is
// ignored (CIBs hold none that matters).
type xmlNode struct {
	name     string
	attrs    map[string]string
	children []*xmlNode
}

func parseXMLTree(t *testing.T, data []byte) *xmlNode {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	root := &xmlNode{name: "#document"}
	stack := []*xmlNode{root}
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			n := &xmlNode{name: tok.Name.Local, attrs: map[string]string{}}
			for _, a := range tok.Attr {
				n.attrs[a.Name.Local] = a.Value
			}
			top := stack[len(stack)-1]
			top.children = append(top.children, n)
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}
	if len(root.children) != 1 {
		t.Fatalf("expected one root element in\n%s", data)
	}
	return root.children[0]
}

// containsTree tells whether some element of have matches want.
func containsTree(have, want *xmlNode) bool {
	if matchTree(have, want) {
		return true
	}
	for _, c := range have.children {
		if containsTree(c, want) {
			return true
		}
	}
	return false
}

// matchTree compares ids aside: same name, same attributes (the schema's
// required interval="0" on an op may be extra), and want's children
// matching have's children in order, extra children of have allowed.
func matchTree(have, want *xmlNode) bool {
	if have.name != want.name {
		return false
	}
	for k, v := range want.attrs {
		if k != "id" && have.attrs[k] != v {
			return false
		}
	}
	for k, v := range have.attrs {
		if _, ok := want.attrs[k]; ok || k == "id" {
			continue
		}
		if !(have.name == "op" && k == "interval" && v == "0") {
			return false
		}
	}
	i := 0
	for _, wc := range want.children {
		for i < len(have.children) && !matchTree(have.children[i], wc) {
			i++
		}
		if i == len(have.children) {
			return false
		}
		i++
	}
	return true
}
