package pcmk

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Version is a Pacemaker release, major.minor.patch. The zero Version is
// no version: one not given.
type Version struct {
	Major, Minor, Patch int
}

// The releases pcl's behaviour gates name: each is where Pacemaker
// changed something a stage reproduces.
var (
	// V2_1_5 is Debian 12's Pacemaker, the first release pcl models.
	V2_1_5 = Version{2, 1, 5}
	// V2_1_6 changed colocation scoring and group ordering, and renamed
	// the clone's score lines (pcmk__clone_assign).
	V2_1_6 = Version{2, 1, 6}
	// V2_1_7 rewrote clone instance assignment, brought promotable
	// bundles and renamed the bundle's score lines.
	V2_1_7 = Version{2, 1, 7}
	// V2_1_8 changed promotion priority and prints an inactive
	// instance's promotion score as "promotion score (inactive)"; the
	// scheduler's output is the same from here to 3.0.2.
	V2_1_8 = Version{2, 1, 8}
	// V2_1_9 accepts no-quorum-policy=fence.
	V2_1_9 = Version{2, 1, 9}
	// V3_0_0 is Debian 13's Pacemaker: schema pacemaker-4.0, the legacy
	// forms removed, new defaults and stricter input handling.
	V3_0_0 = Version{3, 0, 0}
	// V3_0_2 names the fencing-* cluster options (the stonith-* ones of
	// before).
	V3_0_2 = Version{3, 0, 2}
)

// ParseVersion reads a Pacemaker version as dc-version, crm_simulate
// --version and a user write it: "3.0.1", "2.1.5-1.0a457786a.git.el9-0a457786a",
// "Pacemaker 3.0.0", "2.1". Missing parts are 0; whatever follows the
// numbers (a build id, "-rc1") is ignored.
func ParseVersion(s string) (Version, error) {
	text := strings.TrimSpace(s)
	text = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(text, "Pacemaker"), "pacemaker"))
	text = strings.TrimPrefix(text, "v")
	var parts [3]int
	n := 0
	for n < 3 {
		end := 0
		for end < len(text) && text[end] >= '0' && text[end] <= '9' {
			end++
		}
		if end == 0 || end > 6 {
			break
		}
		parts[n], _ = strconv.Atoi(text[:end])
		n++
		text = text[end:]
		if !strings.HasPrefix(text, ".") {
			break
		}
		text = text[1:]
	}
	if n == 0 || parts[0] == 0 {
		return Version{}, fmt.Errorf("%q is not a Pacemaker version (write it as 3.0.1 or 2.1.5)", s)
	}
	return Version{parts[0], parts[1], parts[2]}, nil
}

// IsZero reports whether v is no version.
func (v Version) IsZero() bool { return v == Version{} }

// Compare is -1, 0 or +1 as v is older than, the same as or newer than o.
func (v Version) Compare(o Version) int {
	for _, d := range [3]int{v.Major - o.Major, v.Minor - o.Minor, v.Patch - o.Patch} {
		if d < 0 {
			return -1
		}
		if d > 0 {
			return 1
		}
	}
	return 0
}

// AtLeast reports whether v is o or newer.
func (v Version) AtLeast(o Version) bool { return v.Compare(o) >= 0 }

func (v Version) String() string {
	if v.IsZero() {
		return ""
	}
	return fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Patch)
}

// MarshalText writes the version as String does.
func (v Version) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads what MarshalText writes; the empty text is the
// zero Version.
func (v *Version) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*v = Version{}
		return nil
	}
	parsed, err := ParseVersion(string(text))
	if err != nil {
		return err
	}
	*v = parsed
	return nil
}

// CompareVersions compares dotted versions number by number, as
// Pacemaker's compare_version does everywhere it compares versions (a
// CIB's crm_feature_set, a rule's type="version" comparison): "1.10" >
// "1.9", a missing part counts as 0 so "1" equals "1.0", and the empty
// string (an attribute not set) sorts before any version.
func CompareVersions(a, b string) int {
	pa, pb := &a, &b
	for guard := 0; guard < 1000; guard++ {
		if pa == nil && pb == nil {
			return 0
		}
		da, db := 0, 0
		if pa != nil {
			da, *pa = versionPart(*pa)
		}
		if pb != nil {
			db, *pb = versionPart(*pb)
		}
		if da != db {
			if da < db {
				return -1
			}
			return 1
		}
		for _, p := range []**string{&pa, &pb} {
			if *p == nil {
				continue
			}
			s := **p
			if strings.HasPrefix(s, ".") {
				s = s[1:]
			}
			if s == "" {
				*p = nil
			} else {
				v := s
				*p = &v
			}
		}
	}
	return 0
}

// versionPart reads one number as strtol does, returning it (0 without
// digits) and the rest.
func versionPart(s string) (int, string) {
	if s == "" {
		return -1, s
	}
	v, rest, ok := ScanLL(s)
	if !ok {
		return 0, s
	}
	if v > math.MaxInt32 || v < math.MinInt32 {
		// strtol saturates at LONG_MAX and the cast to int keeps the
		// low bits; such versions are not worth more fidelity.
		v = int64(int32(v))
	}
	return int(v), rest
}
