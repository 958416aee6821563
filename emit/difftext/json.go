package difftext

import (
	"bytes"
	"encoding/json"

	"pcl/cibdiff"
	"pcl/emit/plantext"
)

// jsonField is a field with rules written in pcl's rule syntax.
type jsonField struct {
	Path    string  `json:"path"`
	Old     *string `json:"old,omitempty"`
	New     *string `json:"new,omitempty"`
	OldRule string  `json:"old_rule,omitempty"`
	NewRule string  `json:"new_rule,omitempty"`
}

type jsonObject struct {
	cibdiff.Object
	Fields []jsonField `json:"fields"`
}

// Document is the JSON form of a diff.
type Document struct {
	Old     string       `json:"old"`
	New     string       `json:"new"`
	Differs bool         `json:"differs"`
	Objects []jsonObject `json:"objects"`
	// Placements and Plan are absent when NoPlan says why.
	Placements []cibdiff.Placement `json:"placements,omitempty"`
	Plan       json.RawMessage     `json:"plan,omitempty"`
	NoPlan     string              `json:"no_plan,omitempty"`
}

// JSON writes d: the objects with their fields (rules also in pcl's rule
// syntax), the placement changes, and the plan as `pcl plan --format json`
// writes it.
func JSON(d *cibdiff.Diff, names Names) ([]byte, error) {
	doc := Document{Old: names.Old, New: names.New, Differs: d.Differs(), Objects: []jsonObject{}, Placements: d.Placements, NoPlan: d.NoPlan}
	for _, o := range d.Objects {
		jo := jsonObject{Object: o, Fields: []jsonField{}}
		for _, f := range o.Fields {
			// A rule is given in pcl's rule syntax only.
			jf := jsonField{Path: f.Path, Old: f.Old, New: f.New}
			if f.OldRule != nil {
				jf.Old, jf.OldRule = nil, ruleText(f.OldRule)
			}
			if f.NewRule != nil {
				jf.New, jf.NewRule = nil, ruleText(f.NewRule)
			}
			jo.Fields = append(jo.Fields, jf)
		}
		doc.Objects = append(doc.Objects, jo)
	}
	if d.Plan != nil {
		plan, err := plantext.JSON(d.Plan)
		if err != nil {
			return nil, err
		}
		doc.Plan = plan
		if doc.Placements == nil {
			doc.Placements = []cibdiff.Placement{}
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	err := enc.Encode(doc)
	return buf.Bytes(), err
}
