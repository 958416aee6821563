package lsp

import (
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/hashicorp/hcl/v2"

	"pcl/compiler"
	"pcl/dsl"
	"pcl/ir"
	"pcl/planner"
	"pcl/planner/batch"
	"pcl/planner/scenario"
)

// policy is one policy directory: its latest compilation and plan.
// Compilations run one at a time on their own goroutine, after the edits
// stop for Options.Debounce; the plan of a compilation without errors
// runs after it, also on its own goroutine.
type policy struct {
	s   *Server
	dir string

	mu        sync.Mutex
	timer     *time.Timer
	pending   bool   // the timer is set
	ticks     uint64 // timers set
	edits     uint64 // edits seen
	compiling bool
	again     bool // an edit arrived while compiling
	last      *compiled
	published map[string]bool // paths whose diagnostics were last non-empty or sent
	plan      *planned
	planning  chan struct{} // closed when the plan under way is done
	planTimer *time.Timer   // set while a plan waits for the edits to pause
	stopped   bool
	parses    dsl.ParseCache // the files' parses, kept while unchanged
}

// compiled is one compilation of a policy.
type compiled struct {
	edits   uint64
	overlay map[string][]byte // the buffers compiled
	cib     *ir.CIB
	files   map[string]*hcl.File
	diags   hcl.Diagnostics
}

// planned is the plan of one compilation, in the healthy cluster.
type planned struct {
	of  *compiled
	res *planner.Result
}

func newPolicy(s *Server, dir string) *policy {
	return &policy{s: s, dir: dir, published: map[string]bool{}}
}

// edited notes an edit of path: its policy compiles after the debounce.
func (s *Server) edited(path string) {
	s.policyOf(path).schedule()
}

func (p *policy) schedule() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stopped {
		return
	}
	p.edits++
	p.pending = true
	p.stopPlanTimer()
	if p.timer != nil {
		p.timer.Stop()
	}
	p.ticks++
	tick := p.ticks
	p.timer = time.AfterFunc(p.s.opts.Debounce, func() { p.run(tick) })
}

func (p *policy) stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stopped = true
	if p.timer != nil {
		p.timer.Stop()
	}
	p.stopPlanTimer()
}

// run compiles the policy unless a compilation is under way, which runs
// again when it ends.
func (p *policy) run(tick uint64) {
	p.mu.Lock()
	if tick == p.ticks {
		p.pending = false // else a later timer is set
	}
	if p.compiling {
		p.again = true
		p.mu.Unlock()
		return
	}
	p.compiling = true
	p.mu.Unlock()
	defer func() {
		// A compiler bug must not end the editor's session: say so.
		if r := recover(); r != nil {
			fmt.Fprintf(p.s.opts.Log, "pcl lsp: compiling %s: internal error: %v\n", p.dir, r)
			p.mu.Lock()
			p.compiling, p.again = false, false
			p.mu.Unlock()
		}
	}()
	for {
		c := p.compile()
		// The compilation is the latest before its diagnostics are
		// sent: a request that follows them sees it.
		p.mu.Lock()
		p.last = c
		if p.plannable(c) {
			p.planLater(c)
		}
		p.mu.Unlock()
		p.publish(c)
		p.mu.Lock()
		if !p.again || p.stopped {
			p.compiling = false
			p.mu.Unlock()
			return
		}
		p.again = false
		p.mu.Unlock()
	}
}

// compile compiles the directory with the open buffers overlaid.
func (p *policy) compile() *compiled {
	p.mu.Lock()
	edits := p.edits
	p.mu.Unlock()
	overlay := p.s.overlay(p.dir)
	opts := p.s.opts.Compile
	opts.Overlay = overlay
	opts.ParseCache = &p.parses
	cib, files, diags := compiler.Compile([]string{p.dir}, opts)
	return &compiled{edits: edits, overlay: overlay, cib: cib, files: files, diags: diags}
}

// plannable tells whether c may have a plan: it compiled, or it was
// compiled as a cluster's whole configuration (pcl check), whose errors
// pcl plan does not make (fencing enabled without a device).
func (p *policy) plannable(c *compiled) bool {
	return c.cib != nil || p.s.opts.Compile.ForCluster
}

// cibToPlan is what c plans: its CIB, else the same buffers compiled as
// pcl plan compiles them (nil when that has errors too).
func (p *policy) cibToPlan(c *compiled) *ir.CIB {
	if c.cib != nil || !p.s.opts.Compile.ForCluster {
		return c.cib
	}
	opts := p.s.opts.Compile
	opts.ForCluster = false
	opts.Overlay = c.overlay
	opts.ParseCache = &p.parses
	cib, _, _ := compiler.Compile([]string{p.dir}, opts)
	return cib
}

// overlay is the open buffers of dir.
func (s *Server) overlay(dir string) map[string][]byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string][]byte{}
	for path, d := range s.docs {
		if dirOf(path) == dir {
			out[path] = []byte(d.text)
		}
	}
	return out
}

// planLater plans c once the edits pause for Options.PlanDelay (p.mu
// held): a plan after every keystroke would only compete with the next
// compilation. A hover that needs the plan starts it at once.
func (p *policy) planLater(c *compiled) {
	p.stopPlanTimer()
	p.planTimer = time.AfterFunc(p.s.opts.PlanDelay, func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		p.planTimer = nil
		if p.last == c && !p.stopped {
			p.startPlan(c)
		}
	})
}

func (p *policy) stopPlanTimer() {
	if p.planTimer != nil {
		p.planTimer.Stop()
		p.planTimer = nil
	}
}

// startPlan plans c in the background (p.mu held), replacing a finished
// plan; a plan under way is left to finish and the newest compilation is
// planned after it.
func (p *policy) startPlan(c *compiled) {
	if p.planning != nil {
		return // planNext picks the newest compilation when the plan ends
	}
	done := make(chan struct{})
	p.planning = done
	go func() {
		defer func() {
			if r := recover(); r != nil {
				fmt.Fprintf(p.s.opts.Log, "pcl lsp: planning %s: internal error: %v\n", p.dir, r)
				p.mu.Lock()
				p.planning = nil
				close(done)
				p.mu.Unlock()
			}
		}()
		for {
			if cib := p.cibToPlan(c); cib != nil {
				res := planHealthy(cib)
				p.mu.Lock()
				p.plan = &planned{of: c, res: res}
			} else {
				p.mu.Lock() // nothing to plan: the last plan stays
			}
			if p.last != nil && p.last != c && p.plannable(p.last) && !p.stopped {
				c = p.last
				p.mu.Unlock()
				continue
			}
			p.planning = nil
			close(done)
			p.mu.Unlock()
			return
		}
	}()
}

// planHealthy plans cib as pcl plan plans a policy: every node up,
// nothing running yet, quorum counted (cmd/pcl's everyNodeUp).
func planHealthy(cib *ir.CIB) *planner.Result {
	up := cib
	if cib.Status == nil || len(cib.Status.Nodes) == 0 {
		if u, err := batch.AllNodesUp(cib); err == nil {
			up, _ = scenario.QuorumRule{}.Decide(u, true)
		}
	}
	res, _ := planner.Schedule(up, planner.Options{Target: cib.Target})
	return res
}

// currentPlan is the plan of the latest compilation, waiting up to wait
// for one under way; nil when there is none.
func (p *policy) currentPlan(wait time.Duration) *planned {
	p.mu.Lock()
	if p.planTimer != nil && p.last != nil && p.plannable(p.last) {
		p.stopPlanTimer()
		p.startPlan(p.last)
	}
	done := p.planning
	p.mu.Unlock()
	if done != nil {
		select {
		case <-done:
		case <-time.After(wait):
		}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.plan
}

// latest is the latest compilation, nil before the first.
func (p *policy) latest() *compiled {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.last
}

// publish sends the diagnostics of c per file, and empty lists for the
// files that had some before and have none now.
func (p *policy) publish(c *compiled) {
	byPath := p.s.lspDiagnostics(p.dir, c)
	p.mu.Lock()
	for path := range p.published {
		if _, ok := byPath[path]; !ok {
			byPath[path] = nil
		}
	}
	p.published = map[string]bool{}
	for path, ds := range byPath {
		if len(ds) > 0 {
			p.published[path] = true
		}
	}
	p.mu.Unlock()
	paths := make([]string, 0, len(byPath))
	for path := range byPath {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	for _, path := range paths {
		p.s.publishFile(path, byPath[path])
	}
}

// idle tells whether nothing is pending, compiling or planning.
func (p *policy) idle() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return !p.pending && !p.compiling && p.planning == nil && p.planTimer == nil
}
