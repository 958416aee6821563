package cibdiff

import (
	"sort"
	"strconv"
	"strings"

	"pcl/ir"
)

// ChangeKind says how an object differs.
type ChangeKind string

const (
	Added   ChangeKind = "added"
	Removed ChangeKind = "removed"
	Changed ChangeKind = "changed"
)

// Object is one configuration object that differs between OLD and NEW.
type Object struct {
	// Kind is the CIB element name (primitive, group, clone, master,
	// bundle, template, rsc_location, rsc_order, rsc_colocation,
	// rsc_ticket, node, cluster_property_set, fencing-level, alert,
	// acl_target, acl_group, acl_role, tag), or the section for the sets
	// of rsc_defaults and op_defaults.
	Kind   string     `json:"kind"`
	ID     string     `json:"id"`
	Change ChangeKind `json:"change"`
	// Parent is the resource a nested resource belongs to (a group's
	// member, a clone's child), "" for top-level objects.
	Parent string `json:"parent,omitempty"`
	// Fields are the attributes that differ; for an added or removed
	// object, all of its attributes.
	Fields []Field `json:"fields"`
	// Leftover says, for a constraint crm_resource left behind, which
	// command did ("" otherwise).
	Leftover string `json:"leftover,omitempty"`
}

// Field is one attribute of an object on both sides; Old or New is nil
// where the attribute is absent.
type Field struct {
	// Path names the attribute inside its object in the CIB's words:
	// "description", "meta_attributes[web-meta].target-role",
	// "operations/op[web-monitor-10s].timeout", "rule[loc-r]" (a rule is
	// compared as a whole), "resource_set[s1]/resource_ref" (a list of
	// ids in order).
	Path string  `json:"path"`
	Old  *string `json:"old,omitempty"`
	New  *string `json:"new,omitempty"`
	// OldRule and NewRule are the rule on each side when the field is a
	// rule, for showing it in pcl's rule syntax.
	OldRule *ir.Rule `json:"-"`
	NewRule *ir.Rule `json:"-"`
}

// Config compares the configurations of old and new. Objects come in
// section order (crm_config, nodes, resources, constraints, then the
// optional sections), then by kind and id.
func Config(old, new *ir.CIB, write ConfigWriter) ([]Object, error) {
	oldObjs, err := objectsOf(old, write)
	if err != nil {
		return nil, err
	}
	newObjs, err := objectsOf(new, write)
	if err != nil {
		return nil, err
	}
	oldRules, newRules := rulesByID(old), rulesByID(new)
	keys := map[objectKey]bool{}
	for k := range oldObjs {
		keys[k] = true
	}
	for k := range newObjs {
		keys[k] = true
	}
	var out []Object
	for k := range keys {
		o, n := oldObjs[k], newObjs[k]
		obj := Object{Kind: k.kind, ID: k.id, Leftover: Leftover(k.kind, k.id)}
		switch {
		case o == nil:
			obj.Change, obj.Parent = Added, n.parent
		case n == nil:
			obj.Change, obj.Parent = Removed, o.parent
		default:
			obj.Change, obj.Parent = Changed, n.parent
		}
		obj.Fields = compareFields(o, n, oldRules, newRules)
		if o != nil && n != nil && o.parent != n.parent {
			// Moved into, out of or between groups and clones.
			obj.Fields = append([]Field{{Path: "(parent)", Old: &o.parent, New: &n.parent}}, obj.Fields...)
		}
		if obj.Change == Changed && len(obj.Fields) == 0 {
			continue
		}
		out = append(out, obj)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if sa, sb := sectionRank(a.Kind), sectionRank(b.Kind); sa != sb {
			return sa < sb
		}
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		return a.ID < b.ID
	})
	return out, nil
}

type objectKey struct{ kind, id string }

// object is one configuration object flattened to its fields.
type object struct {
	parent string
	fields map[string]string
	rules  map[string]string // field path -> rule id, for rule fields
}

func compareFields(o, n *object, oldRules, newRules map[string]*ir.Rule) []Field {
	if o == nil {
		o = &object{}
	}
	if n == nil {
		n = &object{}
	}
	paths := map[string]bool{}
	for p := range o.fields {
		paths[p] = true
	}
	for p := range n.fields {
		paths[p] = true
	}
	var out []Field
	for p := range paths {
		ov, oOK := o.fields[p]
		nv, nOK := n.fields[p]
		if oOK && nOK && ov == nv {
			continue
		}
		f := Field{Path: p}
		if oOK {
			f.Old = &ov
			f.OldRule = oldRules[o.rules[p]]
		}
		if nOK {
			f.New = &nv
			f.NewRule = newRules[n.rules[p]]
		}
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// sections are the configuration's sections in schema order.
var sections = []string{"crm_config", "nodes", "resources", "constraints", "rsc_defaults", "op_defaults", "fencing-topology", "alerts", "acls", "tags"}

// kindSection gives the section of each object kind that does not share
// its name with its section's children.
var kindSection = map[string]string{
	"cluster_property_set": "crm_config", "node": "nodes",
	"primitive": "resources", "group": "resources", "clone": "resources", "master": "resources", "bundle": "resources", "template": "resources",
	"rsc_location": "constraints", "rsc_order": "constraints", "rsc_colocation": "constraints", "rsc_ticket": "constraints",
	"fencing-level": "fencing-topology", "alert": "alerts", "acl_target": "acls", "acl_user": "acls", "acl_group": "acls", "acl_role": "acls", "tag": "tags",
}

func sectionRank(kind string) int {
	s, ok := kindSection[kind]
	if !ok {
		s = kind // rsc_defaults, op_defaults
	}
	for i, name := range sections {
		if name == s {
			return i
		}
	}
	return len(sections)
}

// resourceElements are the elements that are resources of their own,
// nested or not.
var resourceElements = map[string]bool{"primitive": true, "group": true, "clone": true, "master": true, "bundle": true, "template": true}

// referenceElements are the elements that only name another object by id.
var referenceElements = map[string]bool{"resource_ref": true, "obj_ref": true, "role": true}

// objectsOf flattens the configuration of cib into its objects.
func objectsOf(cib *ir.CIB, write ConfigWriter) (map[objectKey]*object, error) {
	var cfg *ir.Config
	if cib != nil {
		cfg = cib.Config
	}
	root, err := configTree(cfg, write)
	if err != nil {
		return nil, err
	}
	objs := map[objectKey]*object{}
	for _, sec := range root.children {
		for _, el := range sec.children {
			kind := el.name
			if sec.name == "rsc_defaults" || sec.name == "op_defaults" {
				kind = sec.name // their sets are meta_attributes
			}
			addObject(objs, kind, el, "")
		}
	}
	return objs, nil
}

func addObject(objs map[objectKey]*object, kind string, el *node, parent string) {
	obj := &object{parent: parent, fields: map[string]string{}, rules: map[string]string{}}
	objs[objectKey{kind, el.id()}] = obj
	var nested []string
	flatten(obj, el, "", func(child *node) {
		nested = append(nested, child.id())
		addObject(objs, child.name, child, el.id())
	})
	if len(nested) > 0 {
		obj.fields["resources"] = strings.Join(nested, " ")
	}
}

// flatten records el's attributes and descendants as fields of obj, el
// itself named by path ("" for the object); nested resources are handed
// to onResource instead.
func flatten(obj *object, el *node, path string, onResource func(*node)) {
	for _, a := range el.attrs {
		if a.Name.Local == "id" {
			continue
		}
		obj.fields[join(path, ".", a.Name.Local)] = a.Value
	}
	seen := map[string]int{}
	refs := map[string][]string{}
	var refOrder []string
	for _, c := range el.children {
		switch {
		case resourceElements[c.name]:
			onResource(c)
		case c.name == "nvpair":
			name, _ := c.attr("name")
			v, ok := c.attr("value")
			if !ok {
				v = "(unset)"
			}
			obj.fields[join(path, ".", name)] = v
		case c.name == "rule":
			p := join(path, "/", step(c, seen))
			obj.fields[p] = canonical(c)
			obj.rules[p] = c.id()
		case referenceElements[c.name] && len(c.children) == 0 && len(c.attrs) == 1 && c.id() != "":
			// A reference (resource_ref, obj_ref, role): a list of ids
			// in order.
			if _, ok := refs[c.name]; !ok {
				refOrder = append(refOrder, c.name)
			}
			refs[c.name] = append(refs[c.name], c.id())
		default:
			p := join(path, "/", step(c, seen))
			before := len(obj.fields)
			flatten(obj, c, p, onResource)
			if len(obj.fields) == before {
				// An empty element (an attribute set with no pairs)
				// is still part of the configuration.
				obj.fields[p] = "(empty)"
			}
		}
	}
	for _, name := range refOrder {
		obj.fields[join(path, "/", name)] = strings.Join(refs[name], " ")
	}
}

func join(path, sep, part string) string {
	if path == "" {
		return part
	}
	return path + sep + part
}

// step names a child element inside its parent: elem[id], or the element
// name numbered when siblings of that name have no ids.
func step(c *node, seen map[string]int) string {
	if id := c.id(); id != "" {
		return c.name + "[" + id + "]"
	}
	seen[c.name]++
	if n := seen[c.name]; n > 1 {
		return c.name + "#" + strconv.Itoa(n)
	}
	return c.name
}
