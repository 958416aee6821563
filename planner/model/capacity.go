package model

import (
	"fmt"
	"strings"
)

// Shortfall is one utilization attribute a node has too little of: the
// resource needs Need (with what is colocated with it), and the node has
// Left of its Capacity.
type Shortfall struct {
	Name                 string
	Need, Left, Capacity int
}

// CapacityBan is a node banned from a resource for want of capacity.
type CapacityBan struct {
	Node  int // index into the cluster's nodes
	Short []Shortfall
	// With names the resources colocated with it whose needs count too
	// (empty when the resource's own needs were too much).
	With []string
}

// Text says what fell short: "cpu: needs 2, 1 left of 4; memory: needs
// 512, 0 left of 1024 (with db colocated)".
func (b CapacityBan) Text() string {
	var parts []string
	for _, s := range b.Short {
		parts = append(parts, fmt.Sprintf("%s: needs %d, %d left of %d", s.Name, s.Need, s.Left, s.Capacity))
	}
	text := strings.Join(parts, "; ")
	if len(b.With) > 0 {
		text += " (with " + strings.Join(b.With, ", ") + " colocated)"
	}
	return text
}
