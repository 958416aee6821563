package pcmk

import "testing"

func TestScoreAdd(t *testing.T) {
	for _, tc := range []struct{ a, b, want Score }{
		{1, 2, 3}, {Infinity, -Infinity, -Infinity}, {Infinity, 5, Infinity}, {-Infinity, 5, -Infinity},
		{999999, 5, Infinity}, {-999999, -5, -Infinity},
	} {
		if got := tc.a.Add(tc.b); got != tc.want {
			t.Errorf("%v + %v = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
	for in, want := range map[string]Score{"INFINITY": Infinity, "+INFINITY": Infinity, "-INFINITY": -Infinity,
		"-inf": -Infinity, "200": 200, "99999999": Infinity, "-99999999999999999999": -Infinity} {
		if got, err := ParseScore(in); err != nil || got != want {
			t.Errorf("ParseScore(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := ParseScore("abc"); err == nil {
		t.Error("ParseScore(abc) accepted")
	}
}

func TestScoreOfLenient(t *testing.T) {
	for _, c := range []struct {
		text  string
		want  Score
		valid bool
	}{
		{"10abc", 10, true}, {"-5x", -5, true}, {"INFINITY", Infinity, true}, {"abc", 0, false},
		{"", 0, false}, {" +7 ", 7, true}, {"-", 0, false},
	} {
		got, valid := ParseScoreLenient(c.text)
		if got != c.want || valid != c.valid {
			t.Errorf("ParseScoreLenient(%q) = %v, %v; want %v, %v", c.text, got, valid, c.want, c.valid)
		}
		if c.valid && ScoreOf(c.text) != c.want {
			t.Errorf("ScoreOf(%q) = %v, want %v", c.text, ScoreOf(c.text), c.want)
		}
	}
}
