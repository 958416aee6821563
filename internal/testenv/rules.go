package testenv

import (
	"reflect"

	"pcl/ir"
)

var ruleType = reflect.TypeOf(&ir.Rule{})

// OutermostRules finds the rules anywhere in v (a CIB, a configuration,
// ...) that are not inside another rule, in field order. Tests use it to
// run every rule of the corpus through a parser or an evaluator without
// knowing every place a rule can stand.
func OutermostRules(v any) []*ir.Rule {
	var out []*ir.Rule
	seen := map[uintptr]bool{}
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer:
			if v.IsNil() {
				return
			}
			if v.Type() == ruleType {
				out = append(out, v.Interface().(*ir.Rule))
				return
			}
			if seen[v.Pointer()] {
				return
			}
			seen[v.Pointer()] = true
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
		case reflect.Slice, reflect.Array:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i))
			}
		case reflect.Map:
			iter := v.MapRange()
			for iter.Next() {
				walk(iter.Value())
			}
		}
	}
	walk(reflect.ValueOf(v))
	return out
}
