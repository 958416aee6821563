package ir

import "reflect"

// OutermostRules finds the rules anywhere in v (a CIB, a configuration,
// ...) that are not inside another rule, in field order: rules stand in
// many places (attribute sets of nodes, resources, operations, defaults
// and alerts; locations), and walking the model by reflection finds them
// all without a list to keep up to date. Tests use it to run every rule
// through a parser or an evaluator; cibdiff to show a changed rule.
func OutermostRules(v any) []*Rule { return FindAll[Rule](v) }

// FindAll finds every *T anywhere in v (a CIB, a configuration, ...)
// that is not inside another *T, in field order, each once, by walking
// the model by reflection: the compiler finds every attribute set so,
// cibdiff every rule.
func FindAll[T any](v any) []*T {
	want := reflect.TypeOf((*T)(nil))
	var out []*T
	seen := map[uintptr]bool{}
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer:
			if v.IsNil() || seen[v.Pointer()] {
				return
			}
			seen[v.Pointer()] = true
			if v.Type() == want {
				out = append(out, v.Interface().(*T))
				return
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
