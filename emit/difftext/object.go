package difftext

import "pcl/cibdiff"

// ObjectLines are one configuration object that differs, as Text writes
// it: its heading, then one line per field. Other reports that show a
// configuration change (pcl history) write it with these.
func ObjectLines(o cibdiff.Object) []string {
	out := []string{heading(o, Names{})}
	for _, f := range o.Fields {
		out = append(out, "    "+fieldLine(o, f))
	}
	return out
}
