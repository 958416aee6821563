package ir

import "pcl/pcmk"

// Duration is an interval or timeout as written ("30s", "PT1M", "1000ms",
// "60"), with its length in milliseconds.
type Duration struct {
	Ms   int64
	Text string
}

// ParseDuration reads Pacemaker's interval syntax as pcmk.ParseInterval
// does, keeping the text as written.
func ParseDuration(text string) (Duration, error) {
	ms, err := pcmk.ParseInterval(text)
	if err != nil {
		return Duration{}, err
	}
	return Duration{Ms: ms, Text: text}, nil
}
