package cibdiff

import "strings"

// Leftover says which crm_resource command leaves a constraint of this
// kind and id behind, "" for any other object. crm_resource --move and
// --ban add rsc_location constraints named cli-prefer-RSC and
// cli-ban-RSC-on-NODE, which stay until crm_resource --clear.
func Leftover(kind, id string) string {
	if kind != "rsc_location" {
		return ""
	}
	switch {
	case strings.HasPrefix(id, "cli-prefer-"):
		return "left by crm_resource --move (clear it with crm_resource --clear)"
	case strings.HasPrefix(id, "cli-ban-"):
		return "left by crm_resource --ban (clear it with crm_resource --clear)"
	}
	return ""
}
