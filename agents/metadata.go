package agents

import (
	"encoding/xml"
	"fmt"
	"strings"
)

// Metadata is what an agent says of itself.
type Metadata struct {
	Name       string
	Parameters []Parameter
	Actions    []Action
}

// Parameter is one parameter an agent takes.
type Parameter struct {
	Name       string
	Required   bool
	Unique     bool
	Deprecated bool
	Obsoletes  string // the older name this parameter replaces (fence agents)
	Type       string // string, integer, boolean, ... as the agent writes it
	Default    string
	// ShortDesc and LongDesc are the agent's own words for the parameter
	// (shown by editors), whitespace collapsed.
	ShortDesc, LongDesc string
}

// Action is one action an agent advertises, with the timeout it advises.
type Action struct {
	Name     string
	Timeout  string
	Interval string
	Role     string
	Depth    string
}

type xmlMetadata struct {
	XMLName    xml.Name `xml:"resource-agent"`
	Name       string   `xml:"name,attr"`
	Parameters []struct {
		Name       string `xml:"name,attr"`
		Required   string `xml:"required,attr"`
		Unique     string `xml:"unique,attr"`
		Deprecated *struct {
		} `xml:"deprecated"`
		DeprecatedAttr string `xml:"deprecated,attr"`
		Obsoletes      string `xml:"obsoletes,attr"`
		ShortDesc      string `xml:"shortdesc"`
		LongDesc       string `xml:"longdesc"`
		Content        struct {
			Type    string `xml:"type,attr"`
			Default string `xml:"default,attr"`
		} `xml:"content"`
	} `xml:"parameters>parameter"`
	Actions []struct {
		Name     string `xml:"name,attr"`
		Timeout  string `xml:"timeout,attr"`
		Interval string `xml:"interval,attr"`
		Role     string `xml:"role,attr"`
		Depth    string `xml:"depth,attr"`
	} `xml:"actions>action"`
}

// Parse reads an agent's meta-data XML.
func Parse(data []byte) (*Metadata, error) {
	var x xmlMetadata
	dec := xml.NewDecoder(strings.NewReader(string(data)))
	dec.Strict = true
	if err := dec.Decode(&x); err != nil {
		return nil, fmt.Errorf("not agent metadata: %v", err)
	}
	md := &Metadata{Name: x.Name}
	for _, p := range x.Parameters {
		md.Parameters = append(md.Parameters, Parameter{
			Name:       p.Name,
			Required:   truthy(p.Required),
			Unique:     truthy(p.Unique),
			Deprecated: p.Deprecated != nil || truthy(p.DeprecatedAttr),
			Obsoletes:  p.Obsoletes,
			Type:       strings.ToLower(p.Content.Type),
			Default:    p.Content.Default,
			ShortDesc:  strings.Join(strings.Fields(p.ShortDesc), " "),
			LongDesc:   strings.Join(strings.Fields(p.LongDesc), " "),
		})
	}
	for _, a := range x.Actions {
		md.Actions = append(md.Actions, Action(a))
	}
	return md, nil
}

func truthy(s string) bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "1", "true", "yes":
		return true
	}
	return false
}

// Parameter returns the parameter named name.
func (m *Metadata) Parameter(name string) (Parameter, bool) {
	for _, p := range m.Parameters {
		if p.Name == name {
			return p, true
		}
	}
	return Parameter{}, false
}
