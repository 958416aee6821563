package importer

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
)

// maxDepth is the deepest element nesting accepted. Real CIBs stay under
// 15 (cib/configuration/resources/clone/group/primitive/operations/op/
// instance_attributes/rule/rule/...); anything near this is an attack or
// a generator gone wrong, and refusing it keeps every later walk bounded.
const maxDepth = 64

// elem is one XML element with its source position, as the converters in
// this package walk it. Attribute lookups mark attributes used so that the
// ones no converter asked for can be reported.
type elem struct {
	name     string
	attrs    []xml.Attr
	used     []bool
	children []*elem
	text     strings.Builder
	textAt   hcl.Range // where the first non-space text is
	rng      hcl.Range // the start tag
}

// lookup returns the attribute's value and whether it is present, and
// marks it used.
func (e *elem) lookup(name string) (string, bool) {
	for i, a := range e.attrs {
		if a.Name.Space == "" && a.Name.Local == name {
			e.used[i] = true
			return a.Value, true
		}
	}
	return "", false
}

// attr returns the attribute's value, "" when absent.
func (e *elem) attr(name string) string {
	v, _ := e.lookup(name)
	return v
}

// optional returns a pointer to the attribute's value, nil when absent.
func (e *elem) optional(name string) *string {
	v, ok := e.lookup(name)
	if !ok {
		return nil
	}
	return &v
}

// lineIndex turns byte offsets into hcl positions. Offsets come mostly in
// increasing order, so it remembers the last one: counting columns from
// there keeps a document written on one long line linear.
type lineIndex struct {
	src    []byte
	starts []int // byte offset of each line's first byte
	last   hcl.Pos
}

func newLineIndex(src []byte) *lineIndex {
	starts := []int{0}
	for i, b := range src {
		if b == '\n' {
			starts = append(starts, i+1)
		}
	}
	return &lineIndex{src: src, starts: starts, last: hcl.Pos{Line: 1, Column: 1}}
}

func (li *lineIndex) pos(off int) hcl.Pos {
	off = max(0, min(off, len(li.src)))
	line := sort.Search(len(li.starts), func(i int) bool { return li.starts[i] > off }) - 1
	from, col := li.starts[line], 1
	if li.last.Line == line+1 && li.last.Byte <= off {
		from, col = li.last.Byte, li.last.Column
	}
	p := hcl.Pos{Line: line + 1, Column: col + utf8.RuneCount(li.src[from:off]), Byte: off}
	li.last = p
	return p
}

func (li *lineIndex) rng(filename string, start, end int) hcl.Range {
	return hcl.Range{Filename: filename, Start: li.pos(start), End: li.pos(end)}
}

// parseTree reads src into an element tree. It refuses DTDs (so no entity
// can be declared, let alone expanded) and nesting deeper than maxDepth.
// On error it returns nil and a diagnostic at the offending position.
func parseTree(filename string, src []byte) (*elem, hcl.Diagnostics) {
	li := newLineIndex(src)
	if d := notXML(filename, src, li); d != nil {
		return nil, hcl.Diagnostics{d}
	}
	root, ok := parseHalves(filename, src, li)
	var diags hcl.Diagnostics
	if !ok {
		root, diags = parseWhole(filename, src, li)
	}
	if root != nil {
		diags = append(diags, trailingText(filename, src, li)...)
	}
	return root, diags
}

// notXML reports a document whose first character is not "<": not XML at
// all, most often a .pcl policy handed to import.
func notXML(filename string, src []byte, li *lineIndex) *hcl.Diagnostic {
	body := bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
	at := len(src) - len(body)
	trimmed := bytes.TrimLeft(body, " \t\r\n")
	at += len(body) - len(trimmed)
	if len(trimmed) == 0 || trimmed[0] == '<' {
		return nil
	}
	end := at + 1
	for end < len(src) && src[end] != '\n' && end-at < 40 {
		end++
	}
	rng := li.rng(filename, at, end)
	detail := "A CIB is an XML document, starting with <cib> (or <?xml ...?>); this one starts with other text."
	if bytes.HasSuffix([]byte(filename), []byte(".pcl")) || looksLikePCL(trimmed) {
		detail = "This looks like a .pcl policy, not CIB XML. pcl import reads a CIB (cibadmin -Q > cib.xml); pcl compile, check, plan and scores read .pcl files directly."
	}
	return &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Not an XML document", Detail: detail, Subject: &rng}
}

// looksLikePCL tells whether text starts like a .pcl file: a comment or a
// word followed by a quoted label or "=" or "{".
func looksLikePCL(text []byte) bool {
	if text[0] == '#' || bytes.HasPrefix(text, []byte("//")) || bytes.HasPrefix(text, []byte("/*")) {
		return true
	}
	line := firstLineOf(text)
	return bytes.ContainsAny(line, "{=")
}

func firstLineOf(b []byte) []byte {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		return b[:i]
	}
	return b
}

// trailingText warns of text after the document's last tag, which
// encoding/xml and Pacemaker's parser both let through and ignore.
func trailingText(filename string, src []byte, li *lineIndex) hcl.Diagnostics {
	end := len(src)
	for {
		trimmed := bytes.TrimRight(src[:end], " \t\r\n")
		if !bytes.HasSuffix(trimmed, []byte("-->")) {
			break
		}
		open := bytes.LastIndex(trimmed, []byte("<!--"))
		if open < 0 {
			break
		}
		end = open // a comment after the root is not text
	}
	last := bytes.LastIndexByte(src[:end], '>')
	tail := src[last+1 : end]
	skip := len(tail) - len(bytes.TrimLeft(tail, " \t\r\n"))
	if len(bytes.TrimSpace(tail)) == 0 {
		return nil
	}
	at := li.rng(filename, last+1+skip, end)
	return hcl.Diagnostics{{Severity: hcl.DiagWarning, Summary: "Text after the document",
		Detail: "The document goes on after its root element ends. Pacemaker 2.1.5 ignores that text (after logging an XML error), and so does pcl; Pacemaker 3.0 refuses the whole document (crm_verify: Unable to parse CIB XML). Is the file whole, or were two files joined?", Subject: &at}}
}

// parseWhole is parseTree, in one read.
func parseWhole(filename string, src []byte, li *lineIndex) (*elem, hcl.Diagnostics) {
	d := xml.NewDecoder(bytes.NewReader(src))
	d.Strict = true
	var (
		stack []*elem
		root  *elem
		diags hcl.Diagnostics
	)
	fail := func(start, end int, summary, detail string) (*elem, hcl.Diagnostics) {
		r := li.rng(filename, start, end)
		return nil, append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary, Detail: detail, Subject: &r})
	}
	for {
		start := int(d.InputOffset())
		tok, err := d.Token()
		end := int(d.InputOffset())
		if err == io.EOF {
			break
		}
		if err != nil {
			var se *xml.SyntaxError
			msg := err.Error()
			if errors.As(err, &se) {
				msg = se.Msg
			}
			// Point at the character the parser choked on: the decoder
			// stops right after it. A mismatched end tag is pointed at
			// as a whole, past any whitespace read with it.
			at := start
			if end > start && end <= len(src) && !strings.Contains(msg, " closed by ") && !strings.Contains(msg, "unexpected end element") {
				at = end - 1
			}
			if strings.Contains(msg, "entity") {
				if amp := bytes.LastIndexByte(src[start:end], '&'); amp >= 0 {
					at = start + amp
				}
			}
			for at < end-1 && at < len(src) && isSpace(src[at]) {
				at++
			}
			return fail(at, end, "Malformed XML", fmt.Sprintf("The document is not well-formed XML: %s.", msg))
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if len(stack) >= maxDepth {
				return fail(start, end, "XML nested too deeply",
					fmt.Sprintf("Elements are nested more than %d deep; no CIB needs that, so the document is refused.", maxDepth))
			}
			if root != nil && len(stack) == 0 {
				return fail(start, end, "Malformed XML", "The document has more than one root element.")
			}
			if name := duplicateAttr(t); name != "" {
				return fail(start, end, "Malformed XML",
					fmt.Sprintf("The attribute %s appears twice in <%s>; the document is not well-formed XML (\"Attribute %s redefined\"), and Pacemaker refuses it.", name, qualified(t.Name), name))
			}
			e := newElem(t, li.rng(filename, start, end))
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.children = append(p.children, e)
			} else {
				root = e
			}
			stack = append(stack, e)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 && len(bytes.TrimSpace(t)) > 0 {
				addText(stack[len(stack)-1], t, li.rng(filename, start, end))
			}
		case xml.Directive:
			return fail(start, end, "DTD not allowed",
				"The document has a <!DOCTYPE> or other declaration. A CIB never needs one, and entity declarations are refused so that no entity is ever expanded.")
		}
	}
	if root == nil {
		return fail(len(src), len(src), "Empty document", "The document has no root element; expected <cib>.")
	}
	return root, diags
}

// duplicateAttr returns the name of an attribute t holds twice, which
// encoding/xml lets through and libxml2 (so Pacemaker) refuses.
func duplicateAttr(t xml.StartElement) string {
	// Comparing every pair is quicker than a set up to a few dozen
	// attributes (a status's operation records have about fifteen, and a
	// large status hundreds of thousands of them).
	if len(t.Attr) > 32 {
		seen := make(map[xml.Name]bool, len(t.Attr))
		for _, a := range t.Attr {
			if seen[a.Name] {
				return qualified(a.Name)
			}
			seen[a.Name] = true
		}
		return ""
	}
	for i := 1; i < len(t.Attr); i++ {
		for j := 0; j < i; j++ {
			if t.Attr[i].Name == t.Attr[j].Name {
				return qualified(t.Attr[i].Name)
			}
		}
	}
	return ""
}

func newElem(t xml.StartElement, rng hcl.Range) *elem {
	return &elem{name: qualified(t.Name), attrs: t.Attr, used: make([]bool, len(t.Attr)), rng: rng}
}

// addText adds non-space text to e's, noting where e's first text is.
func addText(e *elem, text []byte, at hcl.Range) {
	if e.text.Len() == 0 {
		e.textAt = at
	}
	e.text.Write(text)
}

func qualified(n xml.Name) string {
	if n.Space == "" {
		return n.Local
	}
	return n.Space + ":" + n.Local
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }
