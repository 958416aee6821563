package matrix_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"pcl/emit/matrix"
	"pcl/importer"
	"pcl/internal/testenv"
	"pcl/ir"
	"pcl/planner/batch"
	"pcl/planner/scenario"
)

// TestGolden plans each testdata/*.txtar archive's cib.xml with the batch
// flags of its "args" file and compares the reports with its text (80
// columns wide), markdown and json files.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			get := func(name string) []byte {
				for _, f := range ar.Files {
					if f.Name == name {
						return f.Data
					}
				}
				return nil
			}
			src := get("cib.xml")
			cib, diags := importer.Read("cib.xml", src)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			base, err := batch.AllNodesUp(cib)
			if err != nil {
				t.Fatal(err)
			}
			list, quorum := scenarios(t, base, strings.Fields(string(get("args"))))
			res := batch.Run(base, list, batch.Options{Quorum: quorum, SettleRounds: 10}) // as pcl plan --batch settles
			res.Elapsed = 0
			rep := matrix.FromBatch(res)
			// The same batch with its columns made as it runs, each
			// scenario's plans released (as pcl plan --batch runs it).
			stream := matrix.NewStream()
			streamed := stream.Report(batch.Run(base, list, batch.Options{Quorum: quorum, SettleRounds: 10, Done: stream.Done}))
			render := func(rep *matrix.Report, format string) []byte {
				switch format {
				case "text":
					return matrix.Text(rep, 80)
				case "markdown":
					return matrix.Markdown(rep)
				}
				data, err := matrix.JSON(rep)
				if err != nil {
					t.Fatal(err)
				}
				return data
			}
			changed := false
			for _, format := range []string{"text", "markdown", "json"} {
				got := render(rep, format)
				if s := render(streamed, format); !bytes.Equal(s, got) {
					t.Errorf("%s output of the streamed report differs from FromBatch's:\n%s", format, s)
				}
				want := get(format)
				if bytes.Equal(got, want) {
					continue
				}
				if testenv.Update() {
					setFile(ar, format, got)
					changed = true
					continue
				}
				t.Errorf("%s output differs (run with -update to accept):\n%s", format, got)
			}
			if changed {
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// scenarios reads an archive's args: those batch flags of `pcl plan` the
// archives use, read as pcl plan reads them (the flags themselves are
// cmd/pcl's, which a library's test cannot import). The generated
// scenarios come first, then one scenario of all the injections: nodes
// down, then nodes failed, then failed operations, whatever the order of
// the flags; --then ends a scenario, and the next follows it. The
// quorum flags make the quorum rule.
func scenarios(t *testing.T, base *ir.CIB, args []string) ([]scenario.Scenario, scenario.QuorumRule) {
	t.Helper()
	var out []scenario.Scenario
	var quorum scenario.QuorumRule
	var down, failed, ops, operator []ir.Injection
	// flush makes one scenario of the injections read so far; after
	// --then, the next one follows it.
	after := ""
	flush := func() {
		if injections := slices.Concat(down, failed, ops, operator); len(injections) > 0 {
			s := scenario.Scenario{Injections: injections, After: after}
			s.Name = s.String()
			out = append(out, s)
			after = s.Name
		}
		down, failed, ops, operator = nil, nil, nil, nil
	}
	for i := 0; i < len(args); i++ {
		flag := args[i]
		switch flag {
		case "--then":
			flush()
			continue
		case "--two-node":
			quorum.TwoNode = true
			continue
		case "--keep-quorum":
			quorum.Keep = true
			continue
		case "--each-node-down":
			out = append(out, batch.EachNodeDown(base)...)
			continue
		case "--each-node-pair-down":
			out = append(out, batch.EachNodePairDown(base)...)
			continue
		case "--each-ticket-revoke":
			out = append(out, batch.EachTicketRevoke(base)...)
			continue
		}
		if i+1 == len(args) {
			t.Fatalf("args: %s needs a value", flag)
		}
		i++
		var in ir.Injection
		var err error
		switch flag {
		case "--node-down":
			in, err = scenario.ParseNode(ir.InjectNodeDown, args[i])
			down = append(down, in)
		case "--node-fail":
			in, err = scenario.ParseNode(ir.InjectNodeFail, args[i])
			failed = append(failed, in)
		case "--op-fail":
			in, err = scenario.ParseOp(args[i])
			ops = append(ops, in)
		case "--move", "--clear":
			kind := map[string]ir.InjectionKind{"--move": ir.InjectMove, "--clear": ir.InjectClear}[flag]
			in, err = scenario.ParseResource(kind, args[i])
			operator = append(operator, in)
		case "--expected-votes":
			quorum.ExpectedVotes, err = strconv.Atoi(args[i])
		default:
			t.Fatalf("args: %s is not a flag this test reads", flag)
		}
		if err != nil {
			t.Fatalf("args: %v", err)
		}
	}
	flush()
	return out, quorum
}

func setFile(ar *txtar.Archive, name string, data []byte) {
	for i := range ar.Files {
		if ar.Files[i].Name == name {
			ar.Files[i].Data = data
			return
		}
	}
	ar.Files = append(ar.Files, txtar.File{Name: name, Data: data})
}
