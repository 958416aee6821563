package planner

import (
	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// clearIfFailed adds a fail-count clearing when the resource has
// unexpired failures on the node (a changed definition gets a fresh
// start), once per node.
func (p *plan) clearIfFailed(changes []model.ConfigChange, r *model.Resource, node int) []model.ConfigChange {
	for _, c := range changes {
		if c.Kind == model.ChangeClearFailcount && c.Node == node {
			return changes
		}
	}
	for _, n := range r.ClearFailcount {
		if n == node {
			return changes
		}
	}
	if count, _ := p.failcount(p.Nodes[node], r, true, nil); count == 0 {
		return changes
	}
	return append(changes, model.ConfigChange{Node: node, Kind: model.ChangeClearFailcount})
}

// expiredRecurringFailure reports a recorded recurring-operation failure
// whose failure-timeout has passed, with no unexpired failures left.
func (p *plan) expiredRecurringFailure(r *model.Resource, op *ir.OpRecord) bool {
	target := targetRC(op)
	if op.OpStatus == pcmk.ExecPending || target < 0 || (op.OpStatus == pcmk.ExecDone && op.RCCode == target) {
		return false
	}
	if r.FailureTimeout <= 0 || op.LastRCChange == 0 || p.Now.Unix() < op.LastRCChange+r.FailureTimeout {
		return false
	}
	return !p.waitForRemoteFencing(r, op)
}

type failEntry = model.FailEntry

// failIndex groups a node's fail-count-* and last-failure-* attributes by
// resource id, in attribute name order, so that looking a resource's
// failures up costs no scan of every attribute.
func (p *plan) failIndex(n *model.Node) map[string][]failEntry {
	if n.Fails != nil {
		return n.Fails
	}
	n.Fails = map[string][]failEntry{}
	names := make([]string, 0, len(n.Attrs))
	for k := range n.Attrs {
		if strings.HasPrefix(k, "fail-count-") || strings.HasPrefix(k, "last-failure-") {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	for _, k := range names {
		last := strings.HasPrefix(k, "last-failure-")
		rest := strings.TrimPrefix(strings.TrimPrefix(k, "fail-count-"), "last-failure-")
		var rsc string
		if p.LegacyFailcounts {
			rsc = rest
		} else {
			i := strings.IndexByte(rest, '#') // ids cannot hold '#'
			if i <= 0 || !failSuffix.MatchString(rest[i:]) {
				continue
			}
			rsc = rest[:i]
		}
		if _, seen := n.Fails[rsc]; !seen {
			if base := cloneStrip(rsc); base != rsc && strings.HasPrefix(rsc, base+":") {
				p.numberFails(n.Index, base, rsc)
			}
		}
		n.Fails[rsc] = append(n.Fails[rsc], failEntry{Last: last, Value: n.Attrs[k]})
	}
	if n.Index < len(p.numberedFails) {
		for _, list := range p.numberedFails[n.Index] {
			sort.Strings(list)
		}
	}
	return n.Fails
}

// numberFails files the failures of rsc, an instance number of base
// ("db:1"), under base on node i: an anonymous clone's instances share
// the failures recorded under every number (failIndex sorts the names).
func (p *plan) numberFails(i int, base, rsc string) {
	for len(p.numberedFails) <= i {
		p.numberedFails = append(p.numberedFails, nil)
	}
	if p.numberedFails[i] == nil {
		p.numberedFails[i] = map[string][]string{}
	}
	p.numberedFails[i][base] = append(p.numberedFails[i][base], rsc)
}

// failcount is pe_get_failcount for a primitive outside any clone.
func (p *plan) failcount(n *model.Node, r *model.Resource, effective bool, op *ir.OpRecord) (int, int64) {
	count := ir.Score(0)
	var last int64
	for _, e := range p.failEntries(n, r) {
		if !e.Last {
			count = count.Add(pcmk.ScoreOf(e.Value))
		} else if x, err := strconv.ParseInt(strings.TrimSpace(e.Value), 10, 64); err == nil && x > last {
			last = x
		}
	}
	if count > 0 && r.FailureTimeout > 0 && p.blockFailure(n, r, op) {
		r.FailureTimeout = 0
	}
	if effective && count > 0 && last > 0 && r.FailureTimeout > 0 {
		if p.Now.Unix() > last+r.FailureTimeout {
			count = 0
		}
	}
	return int(count), last
}

var failSuffix = regexp.MustCompile(`^#.+_[0-9]+$`)

// matchFailAttr reports whether key is a fail-count or last-failure
// attribute (by prefix) of one resource, in the legacy form or with the
// operation suffix.
func matchFailAttr(key, prefix string, legacy bool) bool {
	if !strings.HasPrefix(key, prefix) {
		return false
	}
	rest := key[len(prefix):]
	if legacy {
		return rest == ""
	}
	return failSuffix.MatchString(rest)
}

// blockFailure reports whether a failure matches an operation configured
// with on-fail=block (which disables failure-timeout).
func (p *plan) blockFailure(n *model.Node, r *model.Resource, op *ir.OpRecord) bool {
	for _, o := range r.OpDefs {
		if f, ok := pcmk.ParseOnFail(o.OnFail); !ok || f != pcmk.OnFailBlock {
			continue
		}
		if op != nil {
			if p.matchedFailure(r, o, op) {
				return true
			}
			continue
		}
		for _, ns := range p.status().Nodes {
			if ns.Uname != n.Uname {
				continue
			}
			for _, h := range ns.Resources {
				if h.ID != r.ID {
					continue
				}
				for _, rec := range h.Ops {
					if string(rec.Operation) == o.Name && rec.IntervalMs == o.Interval.Ms && p.matchedFailure(r, o, rec) {
						return true
					}
				}
			}
		}
	}
	return false
}

func (p *plan) matchedFailure(r *model.Resource, conf *ir.Op, op *ir.OpRecord) bool {
	if conf.Interval.Ms != op.IntervalMs || !strings.EqualFold(conf.Name, string(op.Operation)) {
		return false
	}
	if strings.EqualFold(op.ID, r.ID+"_last_failure_0") {
		return true
	}
	if strings.EqualFold(op.ID, r.ID+"_"+conf.Name+"_"+strconv.FormatInt(conf.Interval.Ms, 10)) {
		return op.RCCode != targetRC(op)
	}
	return false
}

// operationExpired is check_operation_expiry.
func (p *plan) operationExpired(r *model.Resource, n *model.Node, rc pcmk.OCFRC, op *ir.OpRecord) bool {
	expired := false
	unexpired := 0
	lastFailure := strings.HasSuffix(op.ID, "_last_failure_0")
	// The attribute is looked up only where it decides something: most
	// resources have no failure-timeout, and a settled cluster's history
	// has an entry per resource per node.
	if r.FailureTimeout > 0 && (op.LastRCChange != 0 || hasOpAttr(op, "last-rc-change")) {
		if p.Now.Unix() >= op.LastRCChange+r.FailureTimeout && !p.waitForRemoteFencing(r, op) {
			expired = true
		}
		unexpired, _ = p.failcount(n, r, true, op)
	}
	if expired {
		if fc, _ := p.failcount(n, r, false, op); fc > 0 {
			if unexpired == 0 {
				r.ClearFailcount = append(r.ClearFailcount, n.Index)
			} else {
				expired = false
			}
		} else if lastFailure && r.ReconnectMs > 0 {
			// With a reconnect interval, an expired connection failure
			// is cleared even without a fail count.
			r.ClearFailcount = append(r.ClearFailcount, n.Index)
		}
	}
	// A failed start or monitor whose parameters have changed since is
	// cleared (should_clear_for_param_change).
	if !expired && lastFailure && (op.Operation == pcmk.TaskStart || op.Operation == pcmk.TaskMonitor) {
		if p.needsRemoteName(r) {
			// Its address is its container's host, known once the
			// container is assigned: compared then (runParamChecks).
			p.paramChecks = append(p.paramChecks, paramCheck{rsc: r, node: n.Index, op: op})
		} else if changed, _, unknown := p.digestCompare(r, op, op.Operation, op.IntervalMs); changed && !unknown {
			r.ClearFailcount = append(r.ClearFailcount, n.Index)
		}
	}
	if expired && op.IntervalMs == 0 && op.Operation == pcmk.TaskMonitor {
		switch rc {
		case pcmk.RCOK, pcmk.RCNotRunning, pcmk.RCRunningPromoted, pcmk.RCDegraded, pcmk.RCDegradedPromoted:
			expired = false
		}
	}
	return expired
}

// failEntries are the fail-count and last-failure attributes of r on node
// n. They are named after the name the status knows r by; an anonymous
// clone instance's are its configured id's, with or without any instance
// number (rsc_fail_name and generate_fail_regex), so every instance on a
// node shares them.
func (p *plan) failEntries(n *model.Node, r *model.Resource) []failEntry {
	name := failName(r)
	index := p.failIndex(n)
	if r.Unique {
		return index[name]
	}
	entries := index[name]
	if n.Index >= len(p.numberedFails) {
		return entries
	}
	for _, k := range p.numberedFails[n.Index][name] {
		entries = append(entries[:len(entries):len(entries)], index[k]...)
	}
	return entries
}

// failName is the name r's fail counts are looked up by on every node
// (failEntries): the name the status knows it by, without an anonymous
// instance's number.
func failName(r *model.Resource) string {
	name := r.ID
	if r.CloneName != "" {
		name = r.CloneName
	}
	if r.Unique {
		return name
	}
	return cloneStrip(name)
}

// failedNames are the names failEntries finds entries under on some node:
// a resource whose failName is not among them has no failures anywhere.
func (p *plan) failedNames() map[string]bool {
	names := map[string]bool{}
	for _, n := range p.Nodes {
		for k := range p.failIndex(n) {
			names[k] = true
		}
	}
	// Read after every node's index, which records them.
	for _, bases := range p.numberedFails {
		for base := range bases {
			names[base] = true
		}
	}
	return names
}
