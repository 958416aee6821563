package planner

import (
	"reflect"
	"testing"

	"pcl/planner/model"
)

// TestResultHoldsNoModel walks the Result's type: no field reaches the
// planner's working model (model.Resource, model.Node and the rest), so a
// Result keeps none of the plan alive and readers cannot lean on its
// scratch state. The transition is the transition package's own output;
// an explanation's steps (model.Contribution and its Cause, kept in a
// model.TrailLog) are plain values the score tables already hold.
func TestResultHoldsNoModel(t *testing.T) {
	modelPkg := reflect.TypeOf(model.Resource{}).PkgPath()
	allowed := map[reflect.Type]bool{
		reflect.TypeOf(model.Contribution{}): true,
		reflect.TypeOf(model.TrailLog{}):     true,
	}
	seen := map[reflect.Type]bool{}
	var walk func(path string, ty reflect.Type)
	walk = func(path string, ty reflect.Type) {
		if seen[ty] || allowed[ty] {
			return
		}
		seen[ty] = true
		if ty.PkgPath() == modelPkg && ty.Kind() == reflect.Struct {
			t.Errorf("%s holds %s", path, ty)
			return
		}
		switch ty.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			walk(path, ty.Elem())
		case reflect.Map:
			walk(path, ty.Key())
			walk(path, ty.Elem())
		case reflect.Struct:
			for i := range ty.NumField() {
				f := ty.Field(i)
				if ty == reflect.TypeOf(Result{}) && f.Name == "Transition" {
					continue
				}
				walk(path+"."+f.Name, f.Type)
			}
		case reflect.Func, reflect.Interface, reflect.Chan:
			t.Errorf("%s is a %s: a Result holds data only", path, ty.Kind())
		}
	}
	walk("Result", reflect.TypeOf(Result{}))
}
