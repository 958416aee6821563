package ir

import "pcl/pcmk"

// Score is a Pacemaker score; the type and its arithmetic live in package
// pcmk, and the IR speaks of it under this name.
type Score = pcmk.Score

// Infinity is Pacemaker's CRM_SCORE_INFINITY (pcmk.Infinity).
const Infinity = pcmk.Infinity

// ParseScore reads a score as pcmk.ParseScore does.
func ParseScore(text string) (Score, error) { return pcmk.ParseScore(text) }

// ScoreValue is a score as written: the typed value and its original text.
type ScoreValue struct {
	Value Score
	Text  string
}

// NewScore returns a ScoreValue spelled canonically.
func NewScore(s Score) *ScoreValue { return &ScoreValue{Value: s, Text: s.String()} }
