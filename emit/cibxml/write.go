package cibxml

import (
	"encoding/xml"
	"fmt"
	"io"
	"strconv"

	"pcl/ir"
)

// Write writes cib as a <cib> document: its attributes from cib.Attrs, the
// <configuration> section and, when cib.Status is not nil, <status>.
func Write(w io.Writer, cib *ir.CIB) error {
	if cib == nil {
		return fmt.Errorf("cibxml: nothing to write (nil CIB)")
	}
	x := newWriter(w)
	var a attrs
	for _, at := range cib.Attrs {
		a.always(at.Name, at.Value)
	}
	x.start("cib", a)
	x.config(cib.Config)
	if cib.Status != nil {
		x.status(cib.Status)
	}
	x.end("cib")
	return x.finish()
}

// WriteConfig writes only a <configuration> element.
func WriteConfig(w io.Writer, cfg *ir.Config) error {
	x := newWriter(w)
	x.config(cfg)
	return x.finish()
}

// writer wraps the encoder and keeps its first error, so that the
// element-writing methods read as a plain walk over the IR.
type writer struct {
	enc *xml.Encoder
	out io.Writer
	err error
}

func newWriter(w io.Writer) *writer {
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	return &writer{enc: enc, out: w}
}

func (x *writer) token(t xml.Token) {
	if x.err == nil {
		x.err = x.enc.EncodeToken(t)
	}
}

func (x *writer) start(name string, a attrs) {
	x.token(xml.StartElement{Name: xml.Name{Local: name}, Attr: a})
}

func (x *writer) end(name string) {
	x.token(xml.EndElement{Name: xml.Name{Local: name}})
}

// leaf writes an element without children.
func (x *writer) leaf(name string, a attrs) {
	x.start(name, a)
	x.end(name)
}

func (x *writer) finish() error {
	if x.err == nil {
		x.err = x.enc.Flush()
	}
	if x.err == nil {
		_, x.err = io.WriteString(x.out, "\n")
	}
	return x.err
}

// attrs collects an element's attributes in writing order.
type attrs []xml.Attr

// always adds an attribute whatever its value.
func (a *attrs) always(name, value string) {
	*a = append(*a, xml.Attr{Name: xml.Name{Local: name}, Value: value})
}

// opt adds an attribute when its value is not empty.
func (a *attrs) opt(name, value string) {
	if value != "" {
		a.always(name, value)
	}
}

// ptr adds an attribute when value is not nil (an empty value included).
func (a *attrs) ptr(name string, value *string) {
	if value != nil {
		a.always(name, *value)
	}
}

func (a *attrs) score(name string, s *ir.ScoreValue) {
	if s == nil {
		return
	}
	if s.Text != "" {
		a.always(name, s.Text)
		return
	}
	a.always(name, s.Value.String())
}

func (a *attrs) boolean(name string, b *ir.Bool) {
	if b == nil {
		return
	}
	if b.Text != "" {
		a.always(name, b.Text)
		return
	}
	a.always(name, strconv.FormatBool(b.Value))
}

func (a *attrs) duration(name string, d *ir.Duration) {
	if d == nil {
		return
	}
	a.always(name, durationText(*d))
}

// durationText is d as written, or its length in milliseconds when the
// IR was built without text.
func durationText(d ir.Duration) string {
	if d.Text != "" {
		return d.Text
	}
	if d.Ms == 0 {
		return "0"
	}
	return strconv.FormatInt(d.Ms, 10) + "ms"
}

// split clamps at to [0, n] so that a ChildAt from a hand-built IR never
// indexes out of range.
func split(at, n int) int {
	if at < 0 {
		return 0
	}
	if at > n {
		return n
	}
	return at
}
