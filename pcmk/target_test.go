package pcmk

import (
	"strings"
	"testing"
)

func TestParseVersion(t *testing.T) {
	for in, want := range map[string]Version{
		"3.0.1":                               {3, 0, 1},
		"2.1.5-1.0a457786a.git.el9-0a457786a": {2, 1, 5},
		"1.1.12-a14efad":                      {1, 1, 12},
		"Pacemaker 3.0.0":                     {3, 0, 0},
		"3.0":                                 {3, 0, 0},
		" 2.1.9-rc1 ":                         {2, 1, 9},
	} {
		got, err := ParseVersion(in)
		if err != nil || got != want {
			t.Errorf("ParseVersion(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "none", "x.1", "0.9"} {
		if _, err := ParseVersion(bad); err == nil {
			t.Errorf("ParseVersion(%q) accepted", bad)
		}
	}
}

func TestTargetNearestExact(t *testing.T) {
	for asked, want := range map[Version]Version{
		V2_1_5: V2_1_5, {2, 0, 4}: V2_1_5, {1, 1, 12}: V2_1_5, V2_1_6: V2_1_5,
		V2_1_7: V2_1_8, V2_1_8: V2_1_8, {2, 1, 10}: {2, 1, 10}, {3, 0, 1}: {3, 0, 1},
		V3_0_2: V3_0_2, {3, 1, 0}: V3_0_2,
	} {
		tg := NewTarget(asked, FromFlag)
		if tg.Version != want {
			t.Errorf("NewTarget(%v).Version = %v; want %v", asked, tg.Version, want)
		}
		if tg.Exact() != (asked == want) {
			t.Errorf("NewTarget(%v).Exact() = %v", asked, tg.Exact())
		}
	}
	if d := DefaultTarget(); d.Version != DefaultVersion || d.Source != FromDefault {
		t.Errorf("DefaultTarget() = %+v", d)
	}
	var zero Target
	if !zero.Since(V2_1_5) || zero.Since(V2_1_6) {
		t.Errorf("a zero Target gates as the default")
	}
}

func TestTargetDescribe(t *testing.T) {
	old := NewTarget(Version{1, 1, 12}, FromCIB)
	d := old.Describe()
	for _, want := range []string{"Planned for Pacemaker 2.1.5", "nearest", "1.1.12", "dc-version", "before 2.1.5"} {
		if !strings.Contains(d, want) {
			t.Errorf("Describe() = %q; want it to mention %q", d, want)
		}
	}
	mid := NewTarget(V2_1_7, FromFlag)
	diffs := mid.Differences()
	if len(diffs) != 1 || !strings.HasPrefix(diffs[0], "2.1.8") {
		t.Errorf("2.1.7 planned as 2.1.8 differs by 2.1.8's change only; got %q", diffs)
	}
	if got := NewTarget(Version{3, 0, 1}, FromFlag).String(); got != "Pacemaker 3.0.1" {
		t.Errorf("String() = %q", got)
	}
	if NewTarget(Version{3, 0, 1}, FromFlag).Behaviour() != "3.0" || DefaultTarget().Behaviour() != "2.1.5" {
		t.Errorf("Behaviour() wrong")
	}
}

func TestCompareVersions(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"1.10", "1.9", 1}, {"1", "1.0", 0}, {"3.0.13", "3.0.9", 1}, {"", "3.0.13", -1},
		{"", "", 0}, {"3.16.0", "3.16.0", 0}, {"2.1", "2.1.5", -1},
	} {
		if got := CompareVersions(c.a, c.b); got != c.want {
			t.Errorf("CompareVersions(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
