package transition

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestFoldKey checks that foldKey buckets action keys exactly as the
// case-insensitive comparison Pacemaker's lookups use: two keys share a
// bucket if and only if strings.EqualFold says they are equal.
func TestFoldKey(t *testing.T) {
	// Letters whose case folding is not one-to-one: Kelvin sign, long s,
	// the sigma forms, sharp s, dotted and dotless i.
	alphabet := []rune("aAkKsSiI_0:\u212a\u017f\u03c3\u03a3\u03c2\u00df\u1e9e\u0130\u0131")
	rnd := rand.New(rand.NewPCG(1, 2))
	word := func() string {
		var b strings.Builder
		for n := rnd.IntN(4); n >= 0; n-- {
			b.WriteRune(alphabet[rnd.IntN(len(alphabet))])
		}
		return b.String()
	}
	for i := 0; i < 200000; i++ {
		a, b := word(), word()
		if (foldKey(a) == foldKey(b)) != strings.EqualFold(a, b) {
			t.Fatalf("foldKey(%q)=%q, foldKey(%q)=%q, EqualFold=%v", a, foldKey(a), b, foldKey(b), strings.EqualFold(a, b))
		}
	}
}
