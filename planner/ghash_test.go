package planner

import (
	"reflect"
	"testing"
)

// The order crm_simulate 2.1.5 logs for a table of node ids 1..5.
func TestGhashOrder(t *testing.T) {
	keys := []string{"1", "2", "3", "4", "5"}
	var got []string
	for _, k := range ghashOrder(keys) {
		got = append(got, keys[k])
	}
	if want := []string{"1", "3", "5", "2", "4"}; !reflect.DeepEqual(got, want) {
		t.Errorf("ghashOrder = %v, want %v", got, want)
	}
}
