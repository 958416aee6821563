package planner

import (
	"fmt"
	"strings"

	"pcl/pcmk"
)

// How an operation digest's <parameters/> element spells its attribute
// values: Pacemaker hashes its own serialization, so the escaping must be
// the release's, byte for byte.

// escapeDigestValue escapes an attribute value as the release t writes it
// when it computes a digest.
func escapeDigestValue(t pcmk.Target, s string) string {
	if t.Since(pcmk.V2_1_8) {
		return escapeAttr218(s)
	}
	return escapeAttrLegacy(s)
}

// escapeAttrLegacy is crm_xml_escape (until 2.1.7): <, >, ", ' and & as
// entities, a tab as four spaces, newline and carriage return as \n and
// \r; and, as it does, the rest of the value is left as it is from the
// first two consecutive non-ASCII bytes on.
func escapeAttrLegacy(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c&0x80 != 0 && i+1 < len(s) && s[i+1]&0x80 != 0 {
			b.WriteString(s[i:])
			break
		}
		switch c {
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		case '\'':
			b.WriteString("&apos;")
		case '&':
			b.WriteString("&amp;")
		case '\t':
			b.WriteString("    ")
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// escapeAttr218 is pcmk__xml_escape for attribute values (since 2.1.8):
// <, >, & and " as entities, ASCII control characters as &#xNN;, and
// everything else, non-ASCII bytes included, as it is.
func escapeAttr218(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c&0x80 != 0:
			b.WriteByte(c)
		case c == '<':
			b.WriteString("&lt;")
		case c == '>':
			b.WriteString("&gt;")
		case c == '&':
			b.WriteString("&amp;")
		case c == '"':
			b.WriteString("&quot;")
		case c < 0x20 || c == 0x7f:
			fmt.Fprintf(&b, "&#x%.2X;", c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
