package pcmk

import (
	"encoding/json"
	"fmt"
)

// DefaultVersion is the release a policy that names none is compiled and
// planned for. 2.1.5 because what pcl compiles for it (schema
// pacemaker-3.7) loads into every release from 2.1.5 to 3.0.x, while a
// 3.0 CIB (pacemaker-4.0) does not load into a 2.1 cluster; a CIB's
// dc-version, the policy's pacemaker setting or --pacemaker choose
// another.
var DefaultVersion = V2_1_5

// VersionSource says where a run's Pacemaker version came from.
type VersionSource string

const (
	// FromDefault is DefaultVersion: nothing named a version.
	FromDefault VersionSource = "default"
	// FromFlag is the --pacemaker flag.
	FromFlag VersionSource = "--pacemaker"
	// FromCIB is the CIB's dc-version property: what the cluster runs.
	FromCIB VersionSource = "dc-version"
	// FromPolicy is the policy's pacemaker setting.
	FromPolicy VersionSource = "policy"
)

// exactRanges are the releases whose scheduler pcl reproduces exactly:
// 2.1.5, and 2.1.8 to 3.0.2, whose scheduler output is the same
// throughout (measured on each release's regression corpus).
var exactRanges = [][2]Version{{V2_1_5, V2_1_5}, {V2_1_8, V3_0_2}}

// Target is the Pacemaker release one run compiles and plans for: the
// version asked for and the exact behaviour used. Stages gate what
// changed between releases on Since, as go/types gates language changes
// by version.
type Target struct {
	// Version is the release whose behaviour is reproduced: Asked when
	// pcl models it exactly, else the nearest release it does.
	Version Version
	// Asked is the release named by Source.
	Asked Version
	// Source is where Asked came from.
	Source VersionSource
}

// NewTarget plans for asked (DefaultVersion when zero), with the nearest
// exactly modelled behaviour when pcl does not model asked itself.
func NewTarget(asked Version, source VersionSource) Target {
	if asked.IsZero() {
		asked, source = DefaultVersion, FromDefault
	}
	return Target{Version: nearestExact(asked), Asked: asked, Source: source}
}

// DefaultTarget is the target of a run that names no version.
func DefaultTarget() Target { return NewTarget(Version{}, FromDefault) }

func nearestExact(v Version) Version {
	for _, r := range exactRanges {
		if v.AtLeast(r[0]) && r[1].AtLeast(v) {
			return v
		}
	}
	switch {
	case !v.AtLeast(V2_1_5), v.Compare(V2_1_6) == 0:
		return V2_1_5
	case v.Compare(V2_1_7) == 0:
		return V2_1_8
	}
	return V3_0_2
}

// IsZero reports whether t was never set; stages read a zero Target as
// DefaultTarget.
func (t Target) IsZero() bool { return t.Version.IsZero() }

// OrDefault is t, or DefaultTarget when t is zero.
func (t Target) OrDefault() Target {
	if t.IsZero() {
		return DefaultTarget()
	}
	return t
}

// Exact reports whether pcl reproduces the asked release itself.
func (t Target) Exact() bool { return t.Version == t.Asked }

// Since reports whether the behaviour planned for is that of release v or
// a later one: the gate every version-dependent behaviour checks.
func (t Target) Since(v Version) bool { return t.OrDefault().Version.AtLeast(v) }

// Behaviour names the behaviour planned for as a person says it: "2.1.5"
// or "3.0" (one behaviour covers 2.1.8 to 3.0.2).
func (t Target) Behaviour() string {
	if t.OrDefault().Version.AtLeast(V2_1_8) {
		return "3.0"
	}
	return "2.1.5"
}

// String is the release planned for, and the asked one when they differ:
// "Pacemaker 3.0.1", "Pacemaker 2.1.5 (nearest to 1.1.12)".
func (t Target) String() string {
	t = t.OrDefault()
	if t.Exact() {
		return "Pacemaker " + t.Version.String()
	}
	return fmt.Sprintf("Pacemaker %s (nearest to %s)", t.Version, t.Asked)
}

// Describe says in a sentence what is planned for and why: the version,
// where it came from and, when it is not exact, what is known to differ.
func (t Target) Describe() string {
	t = t.OrDefault()
	var from string
	switch t.Source {
	case FromFlag:
		from = "as --pacemaker asks"
	case FromCIB:
		from = "the version the CIB's dc-version names"
	case FromPolicy:
		from = "as the policy's pacemaker setting asks"
	default:
		from = "pcl's default: nothing names the release"
	}
	if t.Exact() {
		return fmt.Sprintf("Planned for Pacemaker %s (%s).", t.Version, from)
	}
	s := fmt.Sprintf("Planned for Pacemaker %s, the nearest release pcl reproduces exactly to %s (%s); the result may differ from what %s does.",
		t.Version, t.Asked, from, t.Asked)
	for _, d := range t.Differences() {
		s += " " + d
	}
	return s
}

// releaseChanges are what changed in the scheduler's input handling and
// behaviour, by release, as far as pcl knows.
var releaseChanges = []struct {
	since Version
	what  string
}{
	{V2_1_6, "2.1.6 changed colocation scoring and group ordering."},
	{V2_1_7, "2.1.7 rewrote clone instance assignment (instances take the clone's colocations, a failed early assignment is backed out, ordered instances are ordered after every earlier one) and added promotable bundles."},
	{V2_1_8, "2.1.8 changed promotion priority."},
	{V3_0_0, "3.0.0 changed defaults and input handling (globally-unique defaults to true when clone-node-max > 1; constraints with an invalid score or role, or an unset score attribute, are ignored; fail counts are read per operation)."},
}

// Differences lists, for a target that is not exact, what is known to
// differ between the asked release and the one planned for.
func (t Target) Differences() []string {
	t = t.OrDefault()
	if t.Exact() {
		return nil
	}
	var out []string
	if !t.Asked.AtLeast(V2_1_5) {
		out = append(out, fmt.Sprintf("pcl models no release before 2.1.5; what changed between %s and 2.1.5 is not listed.", t.Asked))
	}
	if t.Asked.Compare(V3_0_2) > 0 {
		out = append(out, fmt.Sprintf("pcl models no release after 3.0.2; what changed in %s is not known to it.", t.Asked))
	}
	return append(out, ChangesBetween(t.Asked, t.Version)...)
}

// ChangesBetween lists what changed in the scheduler between releases a
// and b (in either order): the changes of every release after the older
// and up to the newer, as far as pcl knows them.
func ChangesBetween(a, b Version) []string {
	if a.AtLeast(b) {
		a, b = b, a
	}
	var out []string
	for _, c := range releaseChanges {
		if c.since.Compare(a) > 0 && c.since.Compare(b) <= 0 {
			out = append(out, c.what)
		}
	}
	return out
}

// MarshalJSON writes the target as reports show it: the release planned
// for, the one asked for and where it came from, whether the plan is
// exact, the sentence Describe says and what is known to differ.
func (t Target) MarshalJSON() ([]byte, error) {
	t = t.OrDefault()
	return json.Marshal(struct {
		Version     string        `json:"version"`
		Asked       string        `json:"asked"`
		Source      VersionSource `json:"source"`
		Exact       bool          `json:"exact"`
		Note        string        `json:"note"`
		Differences []string      `json:"differences,omitempty"`
	}{t.Version.String(), t.Asked.String(), t.Source, t.Exact(), t.Describe(), t.Differences()})
}

// UnmarshalJSON reads what MarshalJSON writes (the version, the asked
// release and its source; the rest follows from them).
func (t *Target) UnmarshalJSON(data []byte) error {
	var doc struct {
		Version Version       `json:"version"`
		Asked   Version       `json:"asked"`
		Source  VersionSource `json:"source"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return err
	}
	*t = Target{Version: doc.Version, Asked: doc.Asked, Source: doc.Source}
	return nil
}
