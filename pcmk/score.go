package pcmk

import (
	"fmt"
	"strconv"
	"strings"
)

// Score is a Pacemaker score: an integer in [-Infinity, Infinity], where the
// ends stand for -INFINITY and INFINITY.
type Score int

// Infinity is Pacemaker's CRM_SCORE_INFINITY.
const Infinity Score = 1000000

// Add returns a+b with Pacemaker's rules: -INFINITY wins over INFINITY, either
// infinity absorbs finite values, and finite sums are clamped.
func (a Score) Add(b Score) Score {
	switch {
	case a <= -Infinity || b <= -Infinity:
		return -Infinity
	case a >= Infinity || b >= Infinity:
		return Infinity
	}
	return clampScore(int64(a) + int64(b))
}

// String spells the score as crm_simulate prints it.
func (a Score) String() string {
	switch {
	case a >= Infinity:
		return "INFINITY"
	case a <= -Infinity:
		return "-INFINITY"
	}
	return strconv.Itoa(int(a))
}

// AppendText appends the score as String spells it, for writers of
// many scores (encoding.TextAppender).
func (a Score) AppendText(b []byte) ([]byte, error) {
	switch {
	case a >= Infinity:
		return append(b, "INFINITY"...), nil
	case a <= -Infinity:
		return append(b, "-INFINITY"...), nil
	}
	return strconv.AppendInt(b, int64(a), 10), nil
}

func clampScore(v int64) Score {
	if v >= int64(Infinity) {
		return Infinity
	}
	if v <= -int64(Infinity) {
		return -Infinity
	}
	return Score(v)
}

// ParseScore reads a score the way Pacemaker's char2score does for the forms
// a configuration may hold: [+-]INFINITY (any case), "inf" spellings, and
// integers, which are clamped. The node-health colour names red, yellow and
// green depend on cluster options, so they are errors here; the planner
// resolves them before calling ParseScore.
func ParseScore(text string) (Score, error) {
	t := strings.TrimSpace(text)
	switch strings.ToLower(t) {
	case "infinity", "+infinity", "inf", "+inf":
		return Infinity, nil
	case "-infinity", "-inf":
		return -Infinity, nil
	}
	v, err := strconv.ParseInt(t, 10, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			if strings.HasPrefix(t, "-") {
				return -Infinity, nil
			}
			return Infinity, nil
		}
		return 0, fmt.Errorf("%q is not a score: expected an integer, INFINITY or -INFINITY", text)
	}
	return clampScore(v), nil
}

// ScoreOf reads a score as char2score does wherever Pacemaker reads one
// from the CIB: a form ParseScore takes, else the integer the text starts
// with ("10abc" is 10), else 0; "" is 0.
func ScoreOf(text string) Score {
	if text == "" {
		return 0
	}
	if v, err := ParseScore(text); err == nil {
		return v
	}
	t := strings.TrimSpace(text)
	i := 0
	if i < len(t) && (t[i] == '-' || t[i] == '+') {
		i++
	}
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	v, _ := ParseScore(t[:i])
	return v
}

// ParseScoreLenient is pcmk_parse_score: a score, or an integer followed
// by anything, is valid and read as ScoreOf reads it; text without a
// leading integer is not valid.
func ParseScoreLenient(text string) (Score, bool) {
	if _, err := ParseScore(text); err != nil {
		t := strings.TrimSpace(text)
		if t != "" && (t[0] == '-' || t[0] == '+') {
			t = t[1:]
		}
		if t == "" || t[0] < '0' || t[0] > '9' {
			return 0, false
		}
	}
	return ScoreOf(text), true
}
