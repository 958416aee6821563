package ir

import (
	"pcl/pcmk"
	"strings"
)

// Bool is a boolean as written in the CIB ("true", "yes", "1", "on", ...).
type Bool struct {
	Value bool
	Text  string
}

// NewBool returns a Bool spelled "true" or "false".
func NewBool(v bool) *Bool {
	if v {
		return &Bool{Value: true, Text: "true"}
	}
	return &Bool{Value: false, Text: "false"}
}

// ParseBool reads a boolean the way Pacemaker's crm_str_to_boolean does; ok
// is false when the text is not a boolean at all.
func ParseBool(text string) (v bool, ok bool) {
	switch strings.ToLower(strings.TrimSpace(text)) {
	case "true", "on", "yes", "y", "1":
		return true, true
	case "false", "off", "no", "n", "0":
		return false, true
	}
	return false, false
}

// Role is a resource role as written. Use Normalize to compare roles: the
// CIB accepts both the current names (Promoted, Unpromoted) and the legacy
// ones (Master, Slave).
type Role string

const (
	RoleUnknown    Role = "Unknown"
	RoleStopped    Role = "Stopped"
	RoleStarted    Role = "Started"
	RoleUnpromoted Role = "Unpromoted"
	RolePromoted   Role = "Promoted"
)

// Normalize maps legacy role names to current ones (pcmk.ParseRole);
// "" stays "".
func (r Role) Normalize() Role {
	if r == "" {
		return ""
	}
	return Role(pcmk.ParseRole(string(r)).String())
}

// Action is a resource action named by an order constraint or resource set.
type Action string

const (
	ActionStart   Action = "start"
	ActionStop    Action = "stop"
	ActionPromote Action = "promote"
	ActionDemote  Action = "demote"
)

// OrderKind is rsc_order's kind.
type OrderKind string

const (
	KindMandatory OrderKind = "Mandatory"
	KindOptional  OrderKind = "Optional"
	KindSerialize OrderKind = "Serialize"
)
