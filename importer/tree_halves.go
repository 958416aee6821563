package importer

import (
	"bytes"
	"encoding/xml"
	"io"
	"runtime"

	"github.com/hashicorp/hcl/v2"
)

// splitMin is the size of document from which parseTree reads two halves
// at once.
var splitMin = 1 << 20

// parseHalves builds the same tree as parseWhole, reading the two halves of
// a large document on two processors: reading the XML is most of importing
// a large CIB (its status above all), and it is one processor's work. It
// reports false when it cannot, and parseTree then reads the whole, which
// gives every diagnostic.
//
// The halves meet before a start tag past the middle. That the first half
// ends there between tokens is not guessed: a tag, comment, CDATA section
// or processing instruction cut in two leaves it unfinished, which the
// decoder reports. The second half is read as a run of items (elements,
// their text, and end tags of elements the first half opened), which are
// then put into the first half's open elements, checking their end tags as
// the whole read would. Both halves use RawToken, which differs from
// Token only in namespace handling (and end-tag checks, done here):
// documents that declare namespaces or use the xml: prefix are read whole.
func parseHalves(filename string, src []byte, li *lineIndex) (*elem, bool) {
	at := xmlSplitPoint(src)
	if at <= 0 || runtime.GOMAXPROCS(0) < 2 || bytes.Contains(src, []byte("xmlns")) || bytes.Contains(src, []byte("xml:")) {
		return nil, false
	}
	var (
		second halfItems
		done   = make(chan struct{})
	)
	go func() {
		defer close(done)
		li2 := *li // its own cache of the last position
		second = readHalf(filename, src[at:], at, &li2)
	}()
	first := readHalf(filename, src[:at], 0, li)
	<-done
	// The first half holds the root, still open: no element ends at its
	// outermost level (text there, outside the root, is ignored as a
	// whole read ignores it).
	if !first.ok || len(first.open) == 0 || !second.ok || len(second.open) > 0 {
		return nil, false
	}
	for _, it := range first.items {
		if it.elem != nil || it.end != "" {
			return nil, false
		}
	}
	open, root := first.open, first.open[0]
	for _, it := range second.items {
		switch {
		case it.elem != nil:
			if len(open) == 0 || len(open)+it.height > maxDepth {
				return nil, false // a second root, or too deep: read whole for the diagnostic
			}
			top := open[len(open)-1]
			top.children = append(top.children, it.elem)
		case it.end != "":
			if len(open) == 0 || open[len(open)-1].name != it.end {
				return nil, false
			}
			open = open[:len(open)-1]
		default:
			if len(open) > 0 {
				addText(open[len(open)-1], it.text, it.textAt)
			}
		}
	}
	return root, len(open) == 0
}

// xmlSplitPoint is where parseHalves splits src: the first start tag that
// begins a line past the middle (after its indentation), or 0 for none
// (or src too small to split).
func xmlSplitPoint(src []byte) int {
	if len(src) < splitMin {
		return 0
	}
	i := len(src) / 2
	for {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			return 0
		}
		i += j + 1
		for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
			i++
		}
		if i+1 < len(src) && src[i] == '<' {
			if c := src[i+1] | 0x20; 'a' <= c && c <= 'z' { // a letter
				return i
			}
		}
	}
}

// halfItems is what a half holds at its outermost level, in order, and
// the elements still open at its end, outermost first. ok is false on any
// error but the end of the input between tokens.
type halfItems struct {
	items []halfItem
	open  []*elem
	ok    bool
}

// halfItem is a whole element with its height (1 for no children), the
// name in an end tag of an element the first half opened, or text.
type halfItem struct {
	elem   *elem
	height int
	end    string
	text   []byte
	textAt hcl.Range
}

// readHalf reads a half, which starts at offset base of the document.
func readHalf(filename string, part []byte, base int, li *lineIndex) halfItems {
	var out halfItems
	d := xml.NewDecoder(bytes.NewReader(part))
	d.Strict = true
	var (
		open   []*elem
		height int // of the outermost element being read
	)
	for {
		start := base + int(d.InputOffset())
		tok, err := d.RawToken()
		end := base + int(d.InputOffset())
		if err == io.EOF {
			out.open, out.ok = open, true
			return out
		}
		if err != nil {
			return out
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if len(open) >= maxDepth || duplicateAttr(t) != "" {
				return out
			}
			e := newElem(t, li.rng(filename, start, end))
			if len(open) > 0 {
				p := open[len(open)-1]
				p.children = append(p.children, e)
			}
			open = append(open, e)
			height = max(height, len(open))
		case xml.EndElement:
			name := qualified(t.Name)
			if len(open) == 0 {
				out.items = append(out.items, halfItem{end: name})
				continue
			}
			if open[len(open)-1].name != name {
				return out
			}
			if len(open) == 1 {
				out.items = append(out.items, halfItem{elem: open[0], height: height})
				height = 0
			}
			open = open[:len(open)-1]
		case xml.CharData:
			if len(bytes.TrimSpace(t)) == 0 {
				continue
			}
			rng := li.rng(filename, start, end)
			if len(open) > 0 {
				addText(open[len(open)-1], t, rng)
			} else {
				out.items = append(out.items, halfItem{text: bytes.Clone(t), textAt: rng})
			}
		case xml.Directive:
			return out
		}
	}
}
