package ir

import (
	"reflect"
	"sync"
)

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
	// Per walk, the types that can lead to a *T and, per struct type, the
	// fields that can: most of a model (positions, names, scores) cannot,
	// and is not walked.
	reaches := map[reflect.Type]bool{}
	reach := func(t reflect.Type) bool {
		r, ok := reaches[t]
		if !ok {
			r = mayReach(t, want)
			reaches[t] = r
		}
		return r
	}
	fields := map[reflect.Type][]int{}
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer:
			if v.IsNil() || !reach(v.Type()) || seen[v.Pointer()] {
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
			t := v.Type()
			idx, ok := fields[t]
			if !ok {
				for i := 0; i < t.NumField(); i++ {
					if f := t.Field(i); f.IsExported() && reach(f.Type) {
						idx = append(idx, i)
					}
				}
				fields[t] = idx
			}
			for _, i := range idx {
				walk(v.Field(i))
			}
		case reflect.Slice, reflect.Array:
			if !reach(v.Type().Elem()) {
				return
			}
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i))
			}
		case reflect.Map:
			if !reach(v.Type().Elem()) {
				return
			}
			iter := v.MapRange()
			for iter.Next() {
				walk(iter.Value())
			}
		}
	}
	walk(reflect.ValueOf(v))
	return out
}

// reach caches mayReach's answers, by [from, want] type pair.
var reach sync.Map

// mayReach reports whether a value of type t can hold a value of type
// want in its exported fields: FindAll skips what cannot (positions,
// names, scores), which is most of a model.
func mayReach(t, want reflect.Type) bool {
	key := [2]reflect.Type{t, want}
	if cached, ok := reach.Load(key); ok {
		return cached.(bool)
	}
	reach.Store(key, true) // a recursive type reaches itself while deciding
	found := decideReach(t, want)
	reach.Store(key, found)
	return found
}

func decideReach(t, want reflect.Type) bool {
	if t == want {
		return true
	}
	switch t.Kind() {
	case reflect.Interface:
		return true
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		return mayReach(t.Elem(), want)
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if f := t.Field(i); f.IsExported() && mayReach(f.Type, want) {
				return true
			}
		}
	}
	return false
}
