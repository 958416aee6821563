// Package chain builds the scheduler inputs a cluster would have saved
// through a series of events, for the tests of pcl history: each input is
// the cluster the previous input's transition left (planned, executed and
// settled as crm_simulate -S records it), with an event applied.
package chain

import (
	"bytes"
	_ "embed"
	"fmt"
	"strconv"
	"time"

	"pcl/emit/cibxml"
	"pcl/importer"
	"pcl/ir"
	"pcl/planner"
	"pcl/planner/batch"
	"pcl/planner/scenario"
)

// Event is what happens between two inputs: injections (a node fails,
// an operation's result), then a configuration change.
type Event struct {
	Inject      []ir.Injection
	Reconfigure func(cfg *ir.Config)
}

// File is one input as the scheduler saves it: pe-input-N.bz2 and its
// CIB XML (not compressed: the caller compresses it when it needs to).
type File struct {
	Name   string
	Source []byte
}

// Build returns len(events)+1 inputs: the first is base with every node
// up and nothing running (quorum as base records it), at start; each next
// one a minute after the one before, the cluster its transition left with
// the next event applied. The inputs are numbered from first and carry
// their execution-date, as the scheduler's do; a reconfiguration bumps
// the epoch, as the CIB manager does.
func Build(base *ir.CIB, events []Event, start time.Time, first int) ([]File, error) {
	cib, err := batch.AllNodesUp(base)
	if err != nil {
		return nil, err
	}
	var files []File
	for i := 0; ; i++ {
		at := start.Add(time.Duration(i) * time.Minute)
		cib = WithAttr(cib, "execution-date", strconv.FormatInt(at.Unix(), 10))
		src, err := write(cib)
		if err != nil {
			return nil, err
		}
		files = append(files, File{Name: fmt.Sprintf("pe-input-%d.bz2", first+i), Source: src})
		if i == len(events) {
			return files, nil
		}
		res, diags := planner.Schedule(cib, planner.Options{Now: at, Transition: true, Digests: true})
		if diags.HasErrors() {
			return nil, diags
		}
		settled, err := scenario.Settle(cib, res.Transition, res.Transition.Execute(), res.Target, at.Add(30*time.Second), res.OpDigest)
		if err != nil {
			return nil, err
		}
		ev := events[i]
		if len(ev.Inject) > 0 {
			if settled, err = scenario.Apply(settled, scenario.Scenario{Injections: ev.Inject, Now: at.Add(45 * time.Second)}); err != nil {
				return nil, err
			}
		}
		if ev.Reconfigure != nil {
			// A fresh copy, so that the change touches no other input.
			src, err := write(settled)
			if err != nil {
				return nil, err
			}
			fresh, diags := importer.Read("settled.xml", src)
			if diags.HasErrors() {
				return nil, diags
			}
			ev.Reconfigure(fresh.Config)
			settled = WithAttr(fresh, "epoch", strconv.Itoa(attrInt(fresh, "epoch")+1))
		}
		cib = settled
	}
}

func write(cib *ir.CIB) ([]byte, error) {
	var buf bytes.Buffer
	err := cibxml.Write(&buf, cib)
	return buf.Bytes(), err
}

func attrInt(cib *ir.CIB, name string) int {
	for _, a := range cib.Attrs {
		if a.Name == name {
			n, _ := strconv.Atoi(a.Value)
			return n
		}
	}
	return 0
}

// WithAttr is a copy of cib with its <cib> attribute name set to value.
func WithAttr(cib *ir.CIB, name, value string) *ir.CIB {
	out := *cib
	out.Attrs = nil
	found := false
	for _, a := range cib.Attrs {
		if a.Name == name {
			a.Value, found = value, true
		}
		out.Attrs = append(out.Attrs, a)
	}
	if !found {
		out.Attrs = append(out.Attrs, ir.Attr{Name: name, Value: value})
	}
	return &out
}

// Failover is a chain's events on a three-node cluster (n1, n2, n3)
// whose resource db prefers n1 by the location db-prefers-n1: nothing
// (the first transition settles), n1 fails (and is fenced), n1 comes
// back, db's 10s monitor finds it stopped on n1, db-prefers-n1 moves to
// n3.
func Failover() []Event {
	return []Event{
		{},
		{Inject: []ir.Injection{{Kind: ir.InjectNodeFail, Node: "n1"}}},
		{Inject: []ir.Injection{{Kind: ir.InjectNodeUp, Node: "n1"}}},
		{Inject: []ir.Injection{{Kind: ir.InjectOp, Resource: "db", Operation: "monitor", IntervalMs: 10000, Node: "n1", RC: 7}}},
		{Reconfigure: func(cfg *ir.Config) {
			for _, c := range cfg.Constraints {
				if l, ok := c.(*ir.Location); ok && l.ID == "db-prefers-n1" {
					l.Node = "n3"
				}
			}
		}},
	}
}

//go:embed failover.xml
var failoverXML []byte

// FailoverBase is the cluster Failover's events happen to: a fencing
// device, db (a 10s monitor, preferring n1 by 100) and web (with db),
// quorate, n2 the DC, no status (Build brings every node up).
func FailoverBase() (*ir.CIB, error) {
	cib, diags := importer.Read("failover.xml", failoverXML)
	if diags.HasErrors() {
		return nil, diags
	}
	return cib, nil
}
