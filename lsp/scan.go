package lsp

import (
	"regexp"
	"strings"
)

// frame is one enclosing construct at a position: a block (name is its
// type), an object or a list (name is the attribute it is the value of,
// "" for none).
type frame struct {
	kind  byte // 'b' block, 'o' object, 'l' list
	name  string
	start int // offset of the opening bracket
}

// where is what encloses a position of a source being typed: found by a
// scan of the text, not by parsing, because what is being typed rarely
// parses.
type where struct {
	stack    []frame
	stmt     string // the current item's text, from its start to the position
	inString bool
}

func (w where) top() frame {
	if len(w.stack) == 0 {
		return frame{kind: 'b', name: "file"}
	}
	return w.stack[len(w.stack)-1]
}

// parent is the frame around the top one.
func (w where) parent() frame {
	if len(w.stack) < 2 {
		return frame{kind: 'b', name: "file"}
	}
	return w.stack[len(w.stack)-2]
}

// blockType is the innermost block's type ("file" at the top level).
func (w where) blockType() string {
	for i := len(w.stack) - 1; i >= 0; i-- {
		if w.stack[i].kind == 'b' {
			return w.stack[i].name
		}
	}
	return "file"
}

var (
	attrHeader  = regexp.MustCompile(`^\s*([A-Za-z_][\w-]*)\s*=\s*$`)
	blockHeader = regexp.MustCompile(`^\s*([A-Za-z_][\w-]*)(\s+("[^"]*"|[A-Za-z_][\w-]*))*\s*$`)
)

// scanTo scans text up to off.
func scanTo(text string, off int) where {
	var w where
	if off > len(text) {
		off = len(text)
	}
	stmt := 0
	for i := 0; i < off; i++ {
		c := text[i]
		switch {
		case c == '"':
			j := i + 1
			for j < off && text[j] != '"' && text[j] != '\n' {
				if text[j] == '\\' {
					j++
				}
				j++
			}
			if j >= off {
				w.inString = true
				i = off
				break
			}
			if text[j] == '\n' {
				j-- // unterminated: the line's end still ends the item
			}
			i = j
		case c == '#' || c == '/' && i+1 < len(text) && text[i+1] == '/':
			for i < off && text[i] != '\n' {
				i++
			}
			stmt = i + 1
		case c == '/' && i+1 < len(text) && text[i+1] == '*':
			end := strings.Index(text[i+2:], "*/")
			if end < 0 {
				return w
			}
			i += end + 3
		case c == '{' || c == '[':
			header := text[stmt:i]
			f := frame{kind: 'o', start: i}
			if c == '[' {
				f.kind = 'l'
			}
			if m := attrHeader.FindStringSubmatch(header); m != nil {
				f.name = m[1]
			} else if m := blockHeader.FindStringSubmatch(header); c == '{' && m != nil {
				f.kind, f.name = 'b', m[1]
			}
			w.stack = append(w.stack, f)
			stmt = i + 1
		case c == '}' || c == ']':
			if len(w.stack) > 0 {
				w.stack = w.stack[:len(w.stack)-1]
			}
			stmt = i + 1
		case c == '\n' || c == ',':
			stmt = i + 1
		}
	}
	if stmt > off {
		stmt = off
	}
	w.stmt = text[stmt:off]
	return w
}

// wordAt is the name (letters, digits, _ and -) around off and where it
// starts.
func wordAt(text string, off int) (string, int) {
	isWord := func(c byte) bool {
		return c == '_' || c == '-' || c == '.' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
	}
	start, end := off, off
	for start > 0 && isWord(text[start-1]) {
		start--
	}
	for end < len(text) && isWord(text[end]) {
		end++
	}
	return text[start:end], start
}
