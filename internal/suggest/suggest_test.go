package suggest

import "testing"

func TestClosest(t *testing.T) {
	for _, c := range []struct {
		name  string
		cands []string
		want  string
	}{
		{"wbe", []string{"db", "web"}, "web"},
		{"stonith-timout", []string{"stonith-timeout", "stonith-action"}, "stonith-timeout"},
		{"5", []string{"g", "db"}, ""},
		{"Web", []string{"web"}, "web"},
		{"xyzzy", []string{"web", "db"}, ""},
	} {
		if got := Closest(c.name, c.cands); got != c.want {
			t.Errorf("Closest(%q, %v) = %q, want %q", c.name, c.cands, got, c.want)
		}
	}
}
