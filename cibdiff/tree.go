package cibdiff

import (
	"bytes"
	"encoding/xml"
	"fmt"

	"pcl/ir"
)

// node is one element of a configuration as a ConfigWriter writes it.
type node struct {
	name     string
	attrs    []xml.Attr
	children []*node
}

func (n *node) attr(name string) (string, bool) {
	for _, a := range n.attrs {
		if a.Name.Local == name {
			return a.Value, true
		}
	}
	return "", false
}

func (n *node) id() string {
	v, _ := n.attr("id")
	return v
}

// configTree writes cfg as CIB XML and reads it back as a tree: one
// writer gives both sides of a diff the same canonical form.
func configTree(cfg *ir.Config, write ConfigWriter) (*node, error) {
	if cfg == nil {
		cfg = &ir.Config{}
	}
	var buf bytes.Buffer
	if err := write(&buf, cfg); err != nil {
		return nil, err
	}
	dec := xml.NewDecoder(&buf)
	var stack []*node
	var root *node
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		switch t := tok.(type) {
		case xml.StartElement:
			n := &node{name: t.Name.Local, attrs: t.Copy().Attr}
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.children = append(p.children, n)
			} else {
				root = n
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}
	if root == nil {
		return nil, fmt.Errorf("cibdiff: the configuration could not be written")
	}
	return root, nil
}

// canonical is the text of an element and everything under it, for
// comparing elements compared as a whole (rules).
func canonical(n *node) string {
	var b bytes.Buffer
	var walk func(*node)
	walk = func(n *node) {
		b.WriteString("<" + n.name)
		for _, a := range n.attrs {
			fmt.Fprintf(&b, " %s=%q", a.Name.Local, a.Value)
		}
		b.WriteString(">")
		for _, c := range n.children {
			walk(c)
		}
		b.WriteString("</" + n.name + ">")
	}
	walk(n)
	return b.String()
}
