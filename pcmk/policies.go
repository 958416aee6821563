package pcmk

import "strings"

// NoQuorumPolicy is what the cluster does with resources when it loses
// quorum (no-quorum-policy), as the scheduler reads it: "fence" and
// "suicide" are one policy, read as NoQuorumSuicide.
type NoQuorumPolicy string

const (
	NoQuorumStop    NoQuorumPolicy = "stop"
	NoQuorumFreeze  NoQuorumPolicy = "freeze"
	NoQuorumIgnore  NoQuorumPolicy = "ignore"
	NoQuorumDemote  NoQuorumPolicy = "demote"
	NoQuorumSuicide NoQuorumPolicy = "suicide"
	// NoQuorumFence is the name 2.1.8 gave suicide.
	NoQuorumFence NoQuorumPolicy = "fence"
)

// ParseNoQuorumPolicy reads no-quorum-policy case-insensitively; ok is
// false for a value Pacemaker does not know (it then uses stop).
func ParseNoQuorumPolicy(s string) (NoQuorumPolicy, bool) {
	switch p := NoQuorumPolicy(strings.ToLower(s)); p {
	case NoQuorumStop, NoQuorumFreeze, NoQuorumIgnore, NoQuorumDemote, NoQuorumSuicide, NoQuorumFence:
		return p, true
	}
	return NoQuorumStop, false
}

// PlacementStrategy is how utilization decides placement
// (placement-strategy).
type PlacementStrategy string

const (
	PlacementDefault     PlacementStrategy = "default"
	PlacementUtilization PlacementStrategy = "utilization"
	PlacementMinimal     PlacementStrategy = "minimal"
	PlacementBalanced    PlacementStrategy = "balanced"
)

// ParsePlacementStrategy reads placement-strategy case-insensitively; ""
// is the default strategy.
func ParsePlacementStrategy(s string) PlacementStrategy {
	if s == "" {
		return PlacementDefault
	}
	return PlacementStrategy(strings.ToLower(s))
}

// MultipleActive is what the cluster does with a resource found active on
// more nodes than it may be (multiple-active).
type MultipleActive string

const (
	// MultipleStopStart stops it everywhere and starts it once (the
	// default, also for "" and unknown values).
	MultipleStopStart MultipleActive = "stop_start"
	// MultipleStopOnly stops it everywhere.
	MultipleStopOnly MultipleActive = "stop_only"
	// MultipleBlock leaves it alone, unmanaged.
	MultipleBlock MultipleActive = "block"
	// MultipleStopUnexpected stops it where it was not expected.
	MultipleStopUnexpected MultipleActive = "stop_unexpected"
)

// ParseMultipleActive reads multiple-active case-insensitively; anything
// Pacemaker does not know is stop_start.
func ParseMultipleActive(s string) MultipleActive {
	switch m := MultipleActive(strings.ToLower(s)); m {
	case MultipleStopOnly, MultipleBlock, MultipleStopUnexpected:
		return m
	}
	return MultipleStopStart
}

// FenceAction is what fencing does to a node: the stonith-action option
// for nodes that must be fenced, on for unfencing.
type FenceAction string

const (
	FenceReboot FenceAction = "reboot"
	FenceOff    FenceAction = "off"
	FenceOn     FenceAction = "on"
)
