package xmlcompare

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"sort"
	"strings"
)

// maxDiffs bounds the differences listed in a diff report.
const maxDiffs = 20

// EqualConfig compares the <configuration> elements of two CIB documents.
// diff lists the differences (at most a screenful) when ok is false.
func EqualConfig(a, b []byte) (ok bool, diff string) {
	return equalSection(a, b, "configuration")
}

// EqualStatus compares the <status> elements of two CIB documents; a
// document without one compares equal to one with an empty <status>.
func EqualStatus(a, b []byte) (ok bool, diff string) {
	return equalSection(a, b, "status")
}

// Equal compares two whole XML documents.
func Equal(a, b []byte) (ok bool, diff string) {
	ta, err := parse(a)
	if err != nil {
		return false, "first document: " + err.Error()
	}
	tb, err := parse(b)
	if err != nil {
		return false, "second document: " + err.Error()
	}
	return report(compare(ta, tb, "", nil))
}

func equalSection(a, b []byte, section string) (bool, string) {
	ta, err := parse(a)
	if err != nil {
		return false, "first document: " + err.Error()
	}
	tb, err := parse(b)
	if err != nil {
		return false, "second document: " + err.Error()
	}
	sa, sb := ta.sectionOf(section), tb.sectionOf(section)
	if section == "status" {
		empty := &node{name: section}
		if sa == nil {
			sa = empty
		}
		if sb == nil {
			sb = empty
		}
	}
	switch {
	case sa == nil && sb == nil:
		return true, ""
	case sa == nil:
		return false, fmt.Sprintf("first document has no <%s>", section)
	case sb == nil:
		return false, fmt.Sprintf("second document has no <%s>", section)
	}
	return report(compare(sa, sb, "", nil))
}

func report(diffs []string) (bool, string) {
	if len(diffs) == 0 {
		return true, ""
	}
	s := strings.Join(diffs, "\n")
	if len(diffs) >= maxDiffs {
		s += "\n..."
	}
	return false, s
}

// node is an element: name, attributes, trimmed text and children.
type node struct {
	name     string
	attrs    map[string]string
	text     string
	children []*node
	line     int
}

// sectionOf is the CIB section named name: the root itself when the
// document is that section alone (cibadmin -Q -o configuration).
func (n *node) sectionOf(name string) *node {
	if n.name == name {
		return n
	}
	return n.child(name)
}

func (n *node) child(name string) *node {
	for _, c := range n.children {
		if c.name == name {
			return c
		}
	}
	return nil
}

// label names n in a path: its element name and, when it has one, its id.
func (n *node) label() string {
	if id, ok := n.attrs["id"]; ok {
		return fmt.Sprintf("%s[@id=%q]", n.name, id)
	}
	return n.name
}

func parse(src []byte) (*node, error) {
	d := xml.NewDecoder(bytes.NewReader(src))
	d.Strict = true
	var stack []*node
	var root *node
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			line, _ := d.InputPos()
			n := &node{name: t.Name.Local, attrs: map[string]string{}, line: line}
			for _, a := range t.Attr {
				n.attrs[qualified(a.Name)] = a.Value
			}
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.children = append(p.children, n)
			} else if root == nil {
				root = n
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text += string(t)
			}
		}
	}
	if root == nil {
		return nil, fmt.Errorf("no root element")
	}
	trim(root)
	return root, nil
}

func qualified(n xml.Name) string {
	if n.Space == "" {
		return n.Local
	}
	return n.Space + ":" + n.Local
}

func trim(n *node) {
	n.text = strings.TrimSpace(n.text)
	for _, c := range n.children {
		trim(c)
	}
}

// compare appends to diffs the differences between a and b, found at path.
func compare(a, b *node, path string, diffs []string) []string {
	if len(diffs) >= maxDiffs {
		return diffs
	}
	here := path + "/" + a.label()
	if a.name != b.name {
		return append(diffs, fmt.Sprintf("%s (line %d): element <%s> where the other has <%s> (line %d)", here, a.line, a.name, b.name, b.line))
	}
	for _, k := range sortedKeys(a.attrs, b.attrs) {
		va, ina := a.attrs[k]
		vb, inb := b.attrs[k]
		switch {
		case !inb:
			diffs = append(diffs, fmt.Sprintf("%s (line %d): attribute %s=%q missing from the other (line %d)", here, a.line, k, va, b.line))
		case !ina:
			diffs = append(diffs, fmt.Sprintf("%s (line %d): the other (line %d) has extra attribute %s=%q", here, a.line, b.line, k, vb))
		case va != vb:
			diffs = append(diffs, fmt.Sprintf("%s (line %d): attribute %s=%q, the other (line %d) has %q", here, a.line, k, va, b.line, vb))
		}
	}
	if a.text != b.text {
		diffs = append(diffs, fmt.Sprintf("%s (line %d): text %q, the other (line %d) has %q", here, a.line, a.text, b.line, b.text))
	}
	n := min(len(a.children), len(b.children))
	for i := 0; i < n; i++ {
		diffs = compare(a.children[i], b.children[i], here, diffs)
		if len(diffs) >= maxDiffs {
			return diffs
		}
	}
	for _, c := range a.children[n:] {
		diffs = append(diffs, fmt.Sprintf("%s: child %s (line %d) missing from the other (line %d)", here, c.label(), c.line, b.line))
	}
	for _, c := range b.children[n:] {
		diffs = append(diffs, fmt.Sprintf("%s (line %d): the other has extra child %s (line %d)", here, a.line, c.label(), c.line))
	}
	return diffs
}

func sortedKeys(a, b map[string]string) []string {
	seen := map[string]bool{}
	var keys []string
	for _, m := range []map[string]string{a, b} {
		for k := range m {
			if !seen[k] {
				seen[k] = true
				keys = append(keys, k)
			}
		}
	}
	sort.Strings(keys)
	return keys
}
