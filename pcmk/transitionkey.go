package pcmk

import (
	"strconv"
	"strings"
)

// DecodeTransitionKey reads a transition key, "action:transition:target-rc:uuid",
// as decode_transition_key does: three integers and a uuid (at most 36
// characters are kept). ok is false when Pacemaker cannot decode it.
func DecodeTransitionKey(key string) (action, transition, targetRC int, uuid string, ok bool) {
	parts := strings.SplitN(key, ":", 4)
	if len(parts) < 4 {
		return 0, 0, 0, "", false
	}
	var nums [3]int
	for i := range nums {
		n, err := strconv.Atoi(strings.TrimLeft(parts[i], " \t\n"))
		if err != nil {
			return 0, 0, 0, "", false
		}
		nums[i] = n
	}
	fields := strings.Fields(parts[3])
	if len(fields) == 0 {
		return 0, 0, 0, "", false
	}
	uuid = fields[0]
	if len(uuid) > 36 {
		uuid = uuid[:36]
	}
	return nums[0], nums[1], nums[2], uuid, true
}

// DecodeTransitionMagic reads transition-magic, "op-status:rc;key", as
// decode_transition_magic does. ok is false when Pacemaker cannot decode
// it or its key.
func DecodeTransitionMagic(magic string) (opStatus, rc int, key string, ok bool) {
	head, rest, found := strings.Cut(magic, ";")
	if !found {
		return 0, 0, "", false
	}
	st, r, found := strings.Cut(head, ":")
	if !found {
		return 0, 0, "", false
	}
	var err error
	if opStatus, err = strconv.Atoi(strings.TrimLeft(st, " \t\n")); err != nil {
		return 0, 0, "", false
	}
	if rc, err = strconv.Atoi(strings.TrimLeft(r, " \t\n")); err != nil {
		return 0, 0, "", false
	}
	fields := strings.Fields(rest)
	if len(fields) == 0 {
		return 0, 0, "", false
	}
	key = fields[0]
	if _, _, _, _, ok := DecodeTransitionKey(key); !ok {
		return 0, 0, "", false
	}
	return opStatus, rc, key, true
}
