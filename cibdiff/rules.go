package cibdiff

import (
	"reflect"

	"pcl/ir"
)

// rulesByID finds every rule of cib's configuration, nested rules
// included, by id. Rules hang from many places (attribute sets of nodes,
// resources, operations, defaults, alerts; locations); walking the IR by
// reflection finds them all without a list to keep up to date.
func rulesByID(cib *ir.CIB) map[string]*ir.Rule {
	out := map[string]*ir.Rule{}
	if cib == nil || cib.Config == nil {
		return out
	}
	ruleType := reflect.TypeOf(&ir.Rule{})
	seen := map[uintptr]bool{}
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer:
			if v.IsNil() || seen[v.Pointer()] {
				return
			}
			seen[v.Pointer()] = true
			if v.Type() == ruleType {
				r := v.Interface().(*ir.Rule)
				if r.ID != "" {
					out[r.ID] = r
				}
			}
			walk(v.Elem())
		case reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				if v.Type().Field(i).IsExported() {
					walk(v.Field(i))
				}
			}
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i))
			}
		}
	}
	walk(reflect.ValueOf(cib.Config))
	return out
}
