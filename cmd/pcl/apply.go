package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/spf13/pflag"

	"pcl/cibdiff"
	"pcl/compiler"
	"pcl/emit/cibxml"
	"pcl/emit/difftext"
	"pcl/emit/plantext"
	"pcl/ir"
	"pcl/pcmk"
)

// exitNotAsPredicted is apply --wait's answer when the cluster settled
// elsewhere than the plan said.
const exitNotAsPredicted = 4

func init() {
	register(command{
		name:    "apply",
		usage:   "POLICY... [--yes] [--wait[=DURATION]] [--now DATE]",
		summary: "show the diff and the plan against the live cluster, then replace its configuration",
		setup: func(fs *pflag.FlagSet) func(*env, []string) int {
			yes := fs.Bool("yes", false, "apply without asking")
			wait := fs.Duration("wait", 0, "after applying, wait up to `DURATION` (default 5m) for the cluster to settle and compare what runs with the plan")
			fs.Lookup("wait").NoOptDefVal = "5m"
			now := fs.String("now", "", "evaluate rules and failure timeouts at `DATE` (ISO 8601)")
			vars := fs.StringArray("var", nil, "set a policy variable: `NAME=VALUE`")
			saveDir := fs.String("save-dir", "", "save the configuration apply replaces in `DIR` (default: "+savedDirName+" beside the policy), where pcl rollback finds it")
			version := pacemakerFlag(fs)
			return func(e *env, args []string) int {
				if len(args) == 0 {
					fmt.Fprintln(e.stderr, "pcl apply: expected a POLICY (.pcl files or a directory, or a CIB .xml)")
					return exitUsage
				}
				v, err := parsePacemakerFlag(*version)
				if err != nil {
					fmt.Fprintf(e.stderr, "pcl apply: --pacemaker: %v\n", err)
					return exitUsage
				}
				t, err := parseNowFlag(*now)
				if err != nil {
					fmt.Fprintf(e.stderr, "pcl apply: --now: %v\n", err)
					return exitUsage
				}
				return runApply(e, args, compiler.Options{Vars: varsMap(*vars), Target: flagTarget(v)},
					applyOptions{yes: *yes, wait: *wait, now: t, version: v, saveDir: savedDir(*saveDir, args)})
			}
		},
	})
}

type applyOptions struct {
	yes  bool
	wait time.Duration
	now  time.Time
	// version is --pacemaker; zero plans for what the cluster runs.
	version pcmk.Version
	// saveDir is where the replaced configuration is saved.
	saveDir string
	// by names the command in messages and saved files: apply or
	// rollback.
	by string
}

func runApply(e *env, paths []string, copts compiler.Options, o applyOptions) int {
	policy, files, diags := loadCIB(paths, copts)
	if diags.HasErrors() {
		printDiags(e.stderr, files, diags)
		fmt.Fprintln(e.stderr, "pcl apply: the policy has errors; nothing was applied.")
		return exitDiags
	}
	o.by = "apply"
	return applyConfig(e, policy, strings.Join(paths, " "), files, diags, o)
}

// applyConfig is apply's one path to the cluster, for a policy and for a
// saved configuration put back (rollback): it reads the live CIB, shows
// the diff and the plan, asks, saves the configuration it replaces and
// writes the update, version-checked (pushUpdate).
func applyConfig(e *env, policy *ir.CIB, name string, files map[string]*hcl.File, diags hcl.Diagnostics, o applyOptions) int {
	if files == nil {
		files = map[string]*hcl.File{}
	}
	live, _, lf, ld := readLive()
	for k, v := range lf {
		files[k] = v
	}
	diags = append(diags, ld...)
	if ld.HasErrors() {
		printDiags(e.stderr, files, diags)
		return exitDiags
	}
	read := cibdiff.VersionOf(live)
	policy = forLive(live, policy)
	target := targetFor(o.version, live, policy)
	d := computeDiff(e, o.by, live, policy, o.now, target, files, diags)
	if d == nil {
		return exitDiags
	}
	names := difftext.Names{Old: liveName() + " (version " + read.String() + ")", New: name, Live: true}
	e.stdout.Write(difftext.Text(d, names))
	if !d.Differs() {
		fmt.Fprintln(e.stdout, "\nNothing to apply: the live configuration is the policy's.")
		return exitOK
	}
	if !o.yes && !confirm(e) {
		fmt.Fprintf(e.stderr, "pcl %s: not applied (answer \"yes\" to apply, or pass --yes).\n", o.by)
		return exitDiags
	}
	// What is replaced is saved first: an update that cannot be undone is
	// not made.
	saved := ""
	if o.saveDir != "" {
		var err error
		saved, err = saveReplaced(o.saveDir, live, o.by, time.Now())
		if err != nil {
			fmt.Fprintf(e.stderr, "pcl %s: saving the configuration it replaces: %v; nothing was applied (--save-dir chooses where it is saved).\n", o.by, err)
			return exitDiags
		}
	}
	if code := pushUpdate(e, live, policy, read); code != exitOK {
		if saved != "" {
			os.Remove(saved) // nothing was replaced
		}
		return code
	}
	if saved != "" {
		back := "pcl rollback puts it back"
		if o.by != "apply" {
			back = "pcl rollback --to " + saved + " puts it back"
		}
		fmt.Fprintf(e.stdout, "Saved the configuration it replaced (version %s) in %s; %s.\n", read, saved, back)
	}
	if o.wait <= 0 {
		return exitOK
	}
	if os.Getenv("CIB_file") != "" {
		fmt.Fprintf(e.stderr, "pcl %s: --wait: CIB_file is set, so no cluster runs this configuration; nothing to wait for.\n", o.by)
		return exitOK
	}
	return waitAndCompare(e, d, o.wait, target)
}

// confirm asks on stderr and reads the answer from stdin.
func confirm(e *env) bool {
	fmt.Fprint(e.stderr, "\nApply this configuration to the live cluster? Only \"yes\" is accepted: ")
	if e.stdin == nil {
		return false
	}
	line, _ := bufio.NewReader(e.stdin).ReadString('\n')
	return strings.TrimSpace(line) == "yes"
}

// pushUpdate replaces the live configuration by policy's with a patch
// (crm_diff between the CIB as read and as it should be, applied with
// cibadmin --patch). Pacemaker applies a patch only to the exact version
// it was computed from (admin_epoch, epoch, num_updates), so a CIB that
// changed after the patch was made refuses it.
//
// What the user reviewed is the configuration as read: when its version
// (admin_epoch, epoch) has moved, pcl refuses. The status moves on its
// own (num_updates: operation results, node attributes); then the patch
// is made again from a fresh read of the same configuration, a few times
// at most.
func pushUpdate(e *env, live, policy *ir.CIB, read cibdiff.Version) int {
	const attempts = 5
	for i := 0; ; i++ {
		if i > 0 {
			now, _, _, ld := readLive()
			if ld.HasErrors() {
				printDiags(e.stderr, nil, ld)
				return exitDiags
			}
			live = now
		}
		if v := cibdiff.VersionOf(live); v.AdminEpoch != read.AdminEpoch || v.Epoch != read.Epoch {
			fmt.Fprintf(e.stderr, "pcl apply: refused: the cluster's configuration changed since it was read (version %s, now %s); nothing was applied. Run pcl apply again to review the new differences.\n", read, v)
			return exitDiags
		}
		err := patchLive(live, policy)
		if err == nil {
			break
		}
		if !staleVersion(err) {
			fmt.Fprintf(e.stderr, "pcl apply: the cluster did not accept the update: %v\n", err)
			return exitDiags
		}
		if i+1 == attempts {
			fmt.Fprintf(e.stderr, "pcl apply: refused: the cluster's CIB kept changing while pcl wrote it (%v); nothing was applied. Run pcl apply again.\n", err)
			return exitDiags
		}
	}
	fmt.Fprintf(e.stdout, "\nApplied: the live configuration is the policy's (from version %s).\n", read)
	return exitOK
}

// staleVersion tells cibadmin's refusal of a patch made for another
// version of the CIB.
func staleVersion(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "older than existing") || strings.Contains(msg, "too high") || strings.Contains(msg, "too low")
}

// patchLive makes the patch from live to live with policy's
// configuration and applies it with cibadmin --patch.
func patchLive(live, policy *ir.CIB) error {
	dir, err := os.MkdirTemp("", "pcl-apply-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	oldPath, newPath, patch := filepath.Join(dir, "live.xml"), filepath.Join(dir, "update.xml"), filepath.Join(dir, "patch.xml")
	if err := writeCIBFile(oldPath, live); err != nil {
		return err
	}
	if err := writeCIBFile(newPath, cibdiff.Update(live, policy)); err != nil {
		return err
	}
	if err := makePatch(oldPath, newPath, patch); err != nil {
		return err
	}
	_, err = runTool(nil, "cibadmin", "--patch", "--xml-file", patch)
	return err
}

func writeCIBFile(path string, cib *ir.CIB) error {
	var buf bytes.Buffer
	if err := cibxml.Write(&buf, cib); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o600)
}

// makePatch writes crm_diff's patch from the CIB at oldPath to the one at
// newPath. crm_diff exits 1 when they differ, which they do.
func makePatch(oldPath, newPath, patchPath string) error {
	out, err := runTool(nil, "crm_diff", "--original", oldPath, "--new", newPath)
	if len(out) == 0 {
		if err == nil {
			err = fmt.Errorf("crm_diff found no difference")
		}
		return err
	}
	return os.WriteFile(patchPath, out, 0o600)
}

// waitAndCompare waits until the cluster settles and reports where what
// runs differs from the plan.
func waitAndCompare(e *env, d *cibdiff.Diff, limit time.Duration, target pcmk.Target) int {
	fmt.Fprintf(e.stdout, "Waiting up to %s for the cluster to settle...\n", limit)
	if err := waitSettled(limit); err != nil {
		fmt.Fprintf(e.stderr, "pcl apply: --wait: %v\n", err)
		return exitDiags
	}
	running, err := runningNow()
	if err != nil {
		fmt.Fprintf(e.stderr, "pcl apply: --wait: %v\n", err)
		return exitDiags
	}
	if d.Plan == nil {
		fmt.Fprintln(e.stdout, "The cluster settled; the live CIB had no status, so there is no prediction to compare with.")
		return exitOK
	}
	miss := cibdiff.Mismatches(d.After, running)
	if len(miss) == 0 {
		fmt.Fprintln(e.stdout, "The cluster settled as predicted: every resource runs where and in the role the plan said.")
		return exitOK
	}
	fmt.Fprintln(e.stdout, "The cluster settled differently from the plan:")
	for _, m := range miss {
		fmt.Fprintf(e.stdout, "  %s\n", m)
	}
	// The plan is one transition; the cluster may have gone on with
	// more, which depend on what the agents did (promotion scores). If
	// pcl plans nothing more for the state the cluster settled in, it
	// agrees with that state.
	now, _, _, ld := readLive()
	if ld.HasErrors() {
		printDiags(e.stderr, nil, ld)
		return exitDiags
	}
	res, pd := computePlan(now, time.Time{}, target)
	if pd.HasErrors() {
		printDiags(e.stderr, nil, pd)
		return exitDiags
	}
	pending := 0
	for _, c := range res.Transition.Changes {
		if !c.Blocked { // a blocked change never runs: the cluster stays
			pending++
		}
	}
	if pending == 0 && len(res.Unknown) == 0 {
		fmt.Fprintln(e.stdout, "The cluster went on past the plan's one transition (an agent's promotion score, for example, leads to a promotion no plan can foresee); pcl plans no further change from where it settled, so it agrees with that state.")
		return exitOK
	}
	fmt.Fprintf(e.stdout, "pcl would still change the settled cluster:\n%s", plantext.Text(res))
	return exitNotAsPredicted
}

// settledPolls is how many idle answers in a row count as settled.
const settledPolls = 3

// busyGrace is how long waitSettled looks for the controller to start
// working on the update before it trusts an idle answer: just after the
// update, the controller may still be idle because it has not yet seen it.
const busyGrace = 5 * time.Second

// waitSettled polls the DC's controller until it is idle (S_IDLE, no
// transition in progress) settledPolls times in a row, once it has been
// seen busy or busyGrace has passed.
func waitSettled(limit time.Duration) error {
	start := time.Now()
	deadline := start.Add(limit)
	idle, busySeen := 0, false
	for {
		if dcIdle() {
			if busySeen || time.Since(start) >= busyGrace {
				idle++
			}
			if idle >= settledPolls {
				return nil
			}
		} else {
			idle, busySeen = 0, true
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the cluster did not settle within %s", limit)
		}
		if busySeen || time.Since(start) >= busyGrace {
			time.Sleep(time.Second)
		} else {
			time.Sleep(250 * time.Millisecond) // not to miss a short transition
		}
	}
}

// dcIdle asks crm_mon for the DC and the DC's controller for its state.
func dcIdle() bool {
	out, err := runTool(nil, "crm_mon", "-1", "--output-as=xml")
	if err != nil {
		return false
	}
	_, rest, ok := bytes.Cut(out, []byte(`<current_dc present="true"`))
	if !ok {
		return false
	}
	_, rest, ok = bytes.Cut(rest, []byte(` name="`))
	if !ok {
		return false
	}
	name, _, _ := bytes.Cut(rest, []byte(`"`))
	state, err := runTool(nil, "crmadmin", "--status="+string(name), "--timeout=5000")
	return err == nil && bytes.Contains(state, []byte("S_IDLE"))
}

// runningNow is what crm_mon says runs.
func runningNow() ([]cibdiff.Running, error) {
	out, err := runTool(nil, "crm_mon", "-1", "--output-as=xml")
	if err != nil {
		return nil, err
	}
	return cibdiff.ParseCrmMon(out)
}
