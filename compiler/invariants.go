package compiler

import (
	"strconv"

	"pcl/ir"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
)

// This file holds the checks that keep the compile invariant: whatever
// compiles, Pacemaker's schema and crm_verify accept. Each rejects a value
// that the CIB schema (pacemaker-3.7) or Pacemaker's option checks refuse.

// validXMLID reports whether s may be the value of an attribute of type ID
// (an XML NCName): a letter or "_" first, then letters, digits, ".", "-",
// "_" and combining characters; no spaces, colons or control characters.
func validXMLID(s string) bool {
	if s == "" || !utf8.ValidString(s) {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_' || unicode.IsLetter(r):
		case i > 0 && (r == '-' || r == '.' || r == 0xB7 || unicode.IsDigit(r) || unicode.In(r, unicode.Mn, unicode.Mc)):
		default:
			return false
		}
	}
	return true
}

// idProblem says in words why s is not a valid XML ID.
func idProblem(s string) string {
	if s == "" {
		return "it is empty"
	}
	if !utf8.ValidString(s) {
		return "it is not valid UTF-8"
	}
	for i, r := range s {
		switch {
		case r == 0:
			return "it holds a NUL character"
		case unicode.IsControl(r):
			return "it holds the control character " + strconv.QuoteRune(r)
		case unicode.IsSpace(r):
			return "it holds a space"
		case i == 0 && !(r == '_' || unicode.IsLetter(r)):
			return "it starts with " + strconv.QuoteRune(r) + " (an id must start with a letter or \"_\")"
		case !(r == '_' || r == '-' || r == '.' || r == 0xB7 || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.In(r, unicode.Mn, unicode.Mc)):
			return "it holds " + strconv.QuoteRune(r) + ", which an id may not hold"
		}
	}
	return "it is not an XML name"
}

// idTyped reports whether the CIB's schema types the id of kind as an XML
// ID. Nodes and ACL targets are named after hosts and users and their ids
// are free text.
func idTyped(kind string) bool {
	switch kind {
	case "node", "acl target":
		return false
	}
	return true
}

// checkID reports an id that the schema refuses. rng is where it was
// declared; an explicit id's own attribute is preferred (idRange). An id
// derived from a parent that is itself invalid is not reported again.
func (l *lowerer) checkID(id, kind string, rng hcl.Range, derived bool) {
	if validXMLID(id) || !idTyped(kind) {
		return
	}
	if derived {
		for _, bad := range l.badIDs {
			if strings.HasPrefix(id, bad) {
				return
			}
		}
	}
	l.badIDs = append(l.badIDs, id)
	if r, ok := l.idRange[id]; ok {
		rng = r
	}
	detail := "The id %q of this %s is not a valid XML ID: %s. Ids may hold letters, digits, \"-\", \"_\" and \".\", and start with a letter or \"_\"."
	if derived {
		detail = "The id %q derived for this %s is not a valid XML ID: %s. Give it an explicit id = \"...\" made of letters, digits, \"-\", \"_\" and \".\"."
	}
	l.diags = append(l.diags, errorAt(rng, "Invalid id", detail, id, kind, idProblem(id)))
}

// nonNegativeInt reports whether s is a whole number >= 0 as the schema's
// xsd:nonNegativeInteger reads it.
func nonNegativeInt(s string) bool {
	s = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(s), "+"))
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// cibCounters are the <cib> attributes the schema types as
// nonNegativeInteger.
var cibCounters = map[string]bool{"admin_epoch": true, "epoch": true, "num_updates": true}

// optionalCIBAttrs are the <cib> attributes the schema (cib-1.2.rng)
// allows beside the required ones.
var optionalCIBAttrs = map[string]bool{
	"cib-last-written": true, "crm_feature_set": true, "dc-uuid": true, "execution-date": true,
	"have-quorum": true, "no-quorum-panic": true, "remote-clear-port": true, "remote-tls-port": true,
	"update-client": true, "update-origin": true, "update-user": true,
}

func cibAttrNames() []string {
	names := sortedKeys(optionalCIBAttrs)
	for n := range ir.RequiredCIBAttrs {
		names = append(names, n)
	}
	return names
}

// knownSchemas are the values of validate-with Pacemaker 2.1.5 knows: its
// schemas (/usr/share/pacemaker/pacemaker-*.rng) and "none".
var knownSchemas = map[string]bool{"none": true, "pacemaker-next": true,
	"pacemaker-1.0": true, "pacemaker-1.2": true, "pacemaker-1.3": true,
	"pacemaker-2.0": true, "pacemaker-2.1": true, "pacemaker-2.2": true, "pacemaker-2.3": true, "pacemaker-2.4": true,
	"pacemaker-2.5": true, "pacemaker-2.6": true, "pacemaker-2.7": true, "pacemaker-2.8": true, "pacemaker-2.9": true, "pacemaker-2.10": true,
	"pacemaker-3.0": true, "pacemaker-3.1": true, "pacemaker-3.2": true, "pacemaker-3.3": true, "pacemaker-3.4": true,
	"pacemaker-3.5": true, "pacemaker-3.6": true, "pacemaker-3.7": true, "pacemaker-3.8": true, "pacemaker-3.9": true,
}

// xmlText reports text an XML document cannot hold: NUL, control
// characters other than tab, newline and carriage return, U+FFFE and
// U+FFFF, and invalid UTF-8. Written out, such a character would be
// replaced or refused, never reaching Pacemaker as written.
func (l *lowerer) xmlText(rng hcl.Range, s string) bool {
	for i, r := range s {
		bad := ""
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"):
			bad = "bytes that are not UTF-8"
		case r == 0:
			bad = "a NUL character"
		case r < 0x20 && r != '\t' && r != '\n' && r != '\r':
			bad = "the control character " + strconv.QuoteRune(r)
		case r == 0xFFFE || r == 0xFFFF:
			bad = "the non-character " + strconv.QuoteRune(r)
		}
		if bad != "" {
			l.diags = append(l.diags, errorAt(rng, "Character XML cannot hold",
				"This text holds %s, which an XML document cannot hold: the CIB would lose or change it. Remove it.", bad))
			return false
		}
	}
	return true
}
