package pcmk

// isDigit and isSpace are C's isdigit and isspace in the C locale, which
// is what Pacemaker's parsers test bytes with.
func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isSpace(c byte) bool { return c == ' ' || (c >= '\t' && c <= '\r') }
