package pcmk

// scanf reads integers from s the way C's sscanf does for formats made of
// %d, %Nd and literal characters: each %d skips white space and takes an
// optional sign and digits (at most N characters); it returns the values
// (missing ones 0) and how many conversions succeeded, -1 when the input
// ends before the first.
func scanf(s, format string) ([3]int, int) {
	var out [3]int
	n, i := 0, 0
	for f := 0; f < len(format); f++ {
		c := format[f]
		if c != '%' {
			if i >= len(s) {
				if n == 0 {
					return out, -1
				}
				return out, n
			}
			if s[i] != c {
				return out, n
			}
			i++
			continue
		}
		f++
		width := 0
		for f < len(format) && isDigit(format[f]) {
			width = width*10 + int(format[f]-'0')
			f++
		}
		// format[f] is 'd'
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		if i >= len(s) {
			if n == 0 {
				return out, -1
			}
			return out, n
		}
		limit := len(s)
		if width > 0 && i+width < limit {
			limit = i + width
		}
		j := i
		neg := false
		if j < limit && (s[j] == '+' || s[j] == '-') {
			neg = s[j] == '-'
			j++
		}
		start := j
		v := 0
		for j < limit && isDigit(s[j]) {
			if v < 1<<40 {
				v = v*10 + int(s[j]-'0')
			}
			j++
		}
		if j == start {
			return out, n
		}
		if neg {
			v = -v
		}
		if n < len(out) {
			out[n] = v
		}
		n++
		i = j
	}
	return out, n
}
