package matrix

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"pcl/emit/plantext"
	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner"
	"pcl/planner/scenario"
	"pcl/planner/transition"
)

// Run is one planned scenario.
type Run struct {
	Name string
	// Description says what the scenario changes ("n1 down, ticket T
	// revoked"); "" when it adds nothing to the name.
	Description string
	// Err is set when the scenario could not be planned; Result is nil
	// then.
	Err error
	// Result is the scenario as planner.Schedule planned it, with its
	// transition.
	Result *planner.Result
	// Execution is what the transition engine runs of the transition, and
	// After the cluster it leaves: a cell says where a resource runs then.
	Execution *transition.Execution
	After     *planner.Result
	// Quorum is the scenario's quorum (nil when not known).
	Quorum *scenario.Quorum
	// Follows names the scenario this one starts from ("" for the
	// baseline's cluster).
	Follows string
	// Later are the transitions run after this one until the cluster was
	// stable (batch.Options.SettleRounds); After is then
	// the last one's. Unsettled says the last allowed one still changed
	// the cluster.
	Later     []*Run
	Unsettled bool
}

// State is what a matrix cell says.
type State int

const (
	Placed   State = iota // runs on Cell.Node
	Stopped               // no node will run it
	Blocked               // an action it needs cannot run: it is stuck
	Unknown               // the scenario failed, or the planner cannot compute the resource
	Degraded              // a clone runs fewer instances than its clone-min, or a promotable clone promotes none (Cell.Node says where)
)

// Cell is one resource in one scenario.
type Cell struct {
	State State
	Node  string // for Placed, and for Blocked when it keeps a node
	// Why says why a resource is stopped, blocked or unknown.
	Why string
}

// String is the cell as the matrix prints it.
func (c Cell) String() string {
	switch c.State {
	case Placed:
		return c.Node
	case Degraded:
		return c.Node + " (DEGRADED)"
	case Stopped:
		return "STOPPED"
	case Blocked:
		return "BLOCKED"
	}
	return "UNKNOWN"
}

// Column is one scenario's results.
type Column struct {
	Name        string
	Description string
	Err         string
	// Quorum is the have-quorum the scenario was planned with and how it
	// was decided (nil when not known).
	Quorum  *scenario.Quorum
	Cells   []Cell // by Report.Resources
	Actions []Action
	// Changes are the transition summary, one line per resource that
	// starts, stops, moves or recovers, and the fencing, as plain text;
	// the resources the planner cannot compute have no line of their
	// own, but a last line saying their actions are unknown.
	Changes []string
	// Summary is the transition summary as JSON gives it.
	Summary []plantext.ChangeEntry
	// Stall says why the transition stalls, nil when every action runs.
	Stall *plantext.Stall
	// Settling are the transition summaries of the transitions run after
	// this one until the cluster was stable (Run.Later), as JSON gives
	// them; their lines are in Changes too. Unsettled: see Run.
	Settling  [][]plantext.ChangeEntry
	Unsettled bool
	// Follows names the scenario this one starts from ("" for the
	// baseline's cluster), and Returns says, for each resource that one
	// moved, whether this one moves it back (Return).
	Follows string
	Returns []Return
}

// Return is whether a chained scenario takes a resource back to where
// it was before the scenario it follows moved it.
type Return struct {
	Resource string
	// Was is where it was before, Moved where the scenario followed left
	// it, Now where this one leaves it.
	Was, Moved, Now Cell
}

// Back reports whether the resource is where it was before.
func (r Return) Back() bool { return r.Now.String() == r.Was.String() }

// String says it in words: "db moves back to n1", "db does not move back
// to n1: it stays on n2", "report is stopped again".
func (r Return) String() string {
	if r.Back() {
		if r.Was.State == Placed {
			return fmt.Sprintf("%s moves back to %s", r.Resource, r.Was.Node)
		}
		return fmt.Sprintf("%s is %s again", r.Resource, where(r.Was))
	}
	now := "it is " + where(r.Now) + " now"
	if r.Now.String() == r.Moved.String() {
		now = "it stays " + where(r.Now)
		if r.Now.State != Placed && r.Now.State != Degraded {
			now = "it stays " + strings.TrimPrefix(where(r.Now), "on ")
		}
	}
	if r.Was.State == Placed {
		return fmt.Sprintf("%s does not move back to %s: %s", r.Resource, r.Was.Node, now)
	}
	return fmt.Sprintf("%s is not %s again: %s", r.Resource, where(r.Was), now)
}

// where is a cell as a place: "on n1", "stopped", "blocked on n2".
func where(c Cell) string {
	switch c.State {
	case Placed:
		return "on " + c.Node
	case Degraded:
		return "on " + c.Node + " (degraded)"
	case Blocked:
		if c.Node != "" {
			return "blocked on " + c.Node
		}
		return "blocked"
	case Stopped:
		return "stopped"
	}
	return "unknown"
}

// Action is one action of a scenario's transition.
type Action struct {
	Action   string `json:"action"`
	Resource string `json:"resource"`
	Node     string `json:"node"`
	Blocked  bool   `json:"blocked"`
	// Unknown marks an action of a resource the planner cannot compute
	// (any action when the whole plan is unknown): Pacemaker may not
	// take it.
	Unknown bool `json:"unknown,omitempty"`
}

// SPOF is a resource that runs now but stops in some scenario.
type SPOF struct {
	Resource string
	// Scenarios are the names of the scenarios that stop it, in report
	// order; Why says why, for each.
	Scenarios []string
	Why       []string
}

// Report is the whole batch, ready to print.
type Report struct {
	// Target is the Pacemaker release every scenario was planned for.
	Target pcmk.Target
	// Resources are the rows: every primitive, in document order, then
	// the clones and bundles, which the planner does not place yet.
	Resources []string
	// Baseline is the cluster as it is (nil when not planned).
	Baseline *Column
	Columns  []*Column
	SPOFs    []SPOF
	// Unknown is what the planner cannot compute (planner.Result.Unknown
	// of the first scenario planned): those resources are UNKNOWN in
	// every scenario, and Unassessed names them (every resource when
	// the whole plan is unknown): they could be single points of failure
	// or not.
	Unknown    []planner.Unknown
	Unassessed []string
}

// Build makes the report of a batch. baseline may be nil.
func Build(baseline *Run, runs []*Run) *Report {
	r := newReport(baseline, runs)
	if baseline != nil {
		r.Baseline = column(baseline, r.Resources)
	}
	for _, run := range runs {
		r.Columns = append(r.Columns, column(run, r.Resources))
	}
	r.finish()
	return r
}

// newReport is a report's rows and release, from the first plan
// available, without its columns.
func newReport(baseline *Run, runs []*Run) *Report {
	r := &Report{}
	r.Resources, r.Unknown, r.Unassessed = rows(baseline, runs)
	for _, run := range append([]*Run{baseline}, runs...) {
		if run != nil && run.Result != nil {
			r.Target = run.Result.Target
			break
		}
	}
	return r
}

// finish adds what the columns together say: the chained scenarios'
// returns and the single points of failure.
func (r *Report) finish() {
	r.returns()
	r.SPOFs = spofs(r)
}

// returns fills each chained column's Returns: for every resource the
// scenario it follows moved (its cell there differs from the one in the
// cluster that scenario started from), where this one leaves it. Nothing
// is said when a column could not be planned, or when where the followed
// scenario started is not known (no baseline).
func (r *Report) returns() {
	byName := map[string]*Column{}
	for _, c := range r.Columns {
		if _, dup := byName[c.Name]; !dup {
			byName[c.Name] = c
		}
	}
	for _, c := range r.Columns {
		p := byName[c.Follows]
		if c.Follows == "" || p == nil || c.Err != "" || p.Err != "" {
			continue
		}
		start := r.Baseline
		if p.Follows != "" {
			start = byName[p.Follows]
		}
		if start == nil || start.Err != "" {
			continue
		}
		for i, id := range r.Resources {
			was, moved, now := start.Cells[i], p.Cells[i], c.Cells[i]
			if was.String() == moved.String() || was.State == Unknown || moved.State == Unknown || now.State == Unknown {
				continue
			}
			c.Returns = append(c.Returns, Return{Resource: id, Was: was, Moved: moved, Now: now})
		}
	}
}

// rows lists the primitives of the first plan available (outside clones)
// and its clones, then the bundles, with what that plan cannot compute and
// the rows that makes unknown. A clone is one row: how many instances run
// where.
func rows(baseline *Run, runs []*Run) (ids []string, unknown []planner.Unknown, unassessed []string) {
	all := append([]*Run{baseline}, runs...)
	for _, run := range all {
		if run == nil || run.Result == nil {
			continue
		}
		res := run.Result
		for _, r := range res.Resources {
			switch {
			case r.IsClone():
				ids = append(ids, r.ID)
			case r.IsPrimitive() && !r.InClone():
				ids = append(ids, r.ID)
			}
		}
		for _, u := range res.Unknown {
			if r := res.Resource(u.Resource); r != nil && r.Index < 0 {
				ids = append(ids, u.Resource)
			}
		}
		for _, id := range ids {
			if _, ok := res.IsUnknown(id); ok {
				unassessed = append(unassessed, id)
			}
		}
		return ids, res.Unknown, unassessed
	}
	return nil, nil, nil
}

func column(run *Run, resources []string) *Column {
	c := &Column{Name: run.Name, Description: run.Description, Quorum: run.Quorum, Follows: run.Follows, Cells: make([]Cell, len(resources))}
	if run.Err != nil || run.Result == nil || run.Result.Transition == nil || run.Execution == nil || run.After == nil {
		c.Err = "could not be planned"
		if run.Err != nil {
			c.Err = run.Err.Error()
		}
		for i := range c.Cells {
			c.Cells[i] = Cell{State: Unknown}
		}
		return c
	}
	p, t := run.Result, run.Result.Transition
	blocked := map[string]transition.Change{}
	for _, ch := range t.Changes {
		if ch.Blocked {
			if _, seen := blocked[ch.Resource]; !seen {
				blocked[ch.Resource] = ch
			}
		}
	}
	stall := plantext.StallOf(t, run.Execution)
	for i, id := range resources {
		res := p.Resource(id)
		u, unknown := p.IsUnknown(id)
		var now planner.Running
		if r := run.After.Resource(id); r != nil {
			now = run.After.Running(r)
		}
		switch {
		case unknown:
			c.Cells[i] = Cell{State: Unknown, Why: u.Detail}
		case res == nil:
			c.Cells[i] = Cell{State: Unknown}
		case blocked[id].Blocked:
			ch := blocked[id]
			why := "its " + strings.ToLower(ch.Verb) + " cannot run"
			if ch.Reason != "" {
				why += " (due to " + ch.Reason + ")"
			}
			c.Cells[i] = stuckCell(now, why)
		case frozenBy(p, res) != "":
			c.Cells[i] = Cell{State: Blocked, Node: now.Where, Why: "frozen by " + frozenBy(p, res)}
		case res.Blocked || (res.Failed && !res.Managed):
			why := "it failed and is blocked (on-fail=block): the cluster will not touch it"
			if !res.Blocked {
				why = "it failed and is not managed: the cluster will not recover it"
			}
			c.Cells[i] = Cell{State: Blocked, Node: now.Where, Why: why}
		case stall.Holds(id):
			c.Cells[i] = stuckCell(now, stall.Why(id))
		case res.IsClone():
			c.Cells[i] = cloneCell(p, res, now)
		case now.Instances > 0:
			c.Cells[i] = Cell{State: Placed, Node: now.Where}
		case now.Lost > 0:
			c.Cells[i] = Cell{State: Stopped, Why: "it runs nowhere: " + now.Where + " (the cluster cleans it up in its next transition)"}
		default:
			c.Cells[i] = Cell{State: Stopped, Why: stopReason(p, t, res)}
		}
	}
	c.Actions = actions(p)
	c.Changes = changes(p, resources, stall)
	c.Summary = plantext.ChangeEntries(p)
	if c.Stall = stall; stall != nil {
		c.Changes = append(c.Changes, "the transition stalls: "+c.Stall.String())
	}
	c.addLater(run, resources)
	return c
}

// addLater adds the transitions run after the first until the cluster was
// stable: their changes, each line saying which transition it is in.
func (c *Column) addLater(run *Run, resources []string) {
	for i, l := range run.Later {
		prefix := fmt.Sprintf("then, in transition %d: ", i+2)
		if l.Err != nil || l.Result == nil || l.Result.Transition == nil || l.Execution == nil {
			why := "could not be planned"
			if l.Err != nil {
				why += ": " + l.Err.Error()
			}
			c.Changes = append(c.Changes, prefix+why)
			continue
		}
		stall := plantext.StallOf(l.Result.Transition, l.Execution)
		for _, ch := range changes(l.Result, resources, stall) {
			c.Changes = append(c.Changes, prefix+ch)
		}
		if stall != nil {
			c.Changes = append(c.Changes, prefix+"the transition stalls: "+stall.String())
		}
		c.Settling = append(c.Settling, plantext.ChangeEntries(l.Result))
	}
	if c.Unsettled = run.Unsettled; run.Unsettled {
		c.Changes = append(c.Changes, fmt.Sprintf("the cluster is still changing after %d transitions: what follows starts from the cluster the last one leaves", len(run.Later)+1))
	}
}

// stuckCell is a resource whose change cannot run: BLOCKED where it still
// runs, STOPPED when that leaves it nowhere.
func stuckCell(now planner.Running, why string) Cell {
	if now.Instances == 0 {
		return Cell{State: Stopped, Why: why}
	}
	return Cell{State: Blocked, Node: now.Where, Why: why}
}

// cloneCell says how many of a clone's instances run where once the
// transition ran ("2/3 n1 n2", and for a promotable clone "(Promoted
// n1)"): none is STOPPED, fewer than clone-min DEGRADED, as is a
// promotable clone with no instance promoted; both are single points of
// failure.
func cloneCell(p *planner.Result, clone *planner.Resource, now planner.Running) Cell {
	switch min := clone.CloneLimits.Min; {
	case now.Instances == 0:
		_, why := p.Placement(clone)
		return Cell{State: Stopped, Why: "no instance of " + clone.ID + " runs; " + why}
	case min > 0 && now.Instances < min:
		return Cell{State: Degraded, Node: now.Where, Why: fmt.Sprintf("only %d instances of %s run, fewer than its clone-min of %d: what is ordered after it cannot start", now.Instances, clone.ID, min)}
	case clone.Promotable && now.Promoted == 0:
		why := "no instance of " + clone.ID + " is promoted"
		for _, h := range p.TicketsOf(clone) {
			if h.NoPromotion {
				why += " (" + h.String() + ")"
				break
			}
		}
		return Cell{State: Degraded, Node: now.Where, Why: why + ": what needs its Promoted role cannot run"}
	}
	return Cell{State: Placed, Node: now.Where}
}

// stopReason explains why a resource runs nowhere once the transition
// ran: the reason of its stop when the transition stops it for another
// resource's sake, else why it gets no node (the planner's reason and,
// when it kept score explanations, what made each node unusable). A stop
// "due to node availability" is the latter: the planner says more.
func stopReason(p *planner.Result, t *transition.Transition, res *planner.Resource) string {
	for _, ch := range t.Changes {
		if ch.Resource == res.ID && ch.Reason != "" && !(ch.Reason == "node availability" && res.Why != "") {
			return "its " + strings.ToLower(ch.Verb) + " is due to " + ch.Reason
		}
	}
	if h := bannedBy(p, res); h != "" {
		return h
	}
	why := res.Why
	if why == "" && res.AssignedTo >= 0 {
		why = "it is placed on " + p.AssignedNode(res) + " but does not start there"
	}
	if why == "" {
		why = "no node can run it"
	}
	// A resource has a score line per node for each pass that scored it
	// (a bundle's container or a clone instance is scored more than
	// once): each node counts once, with the reason of its last pass, the
	// one the placement used; nodes with the same reason are named
	// together.
	last := map[string]string{}
	var nodes []string
	for _, l := range p.Scores.All() {
		if l.Resource != res.ID || l.Score > -ir.Infinity || len(l.Trail) == 0 {
			continue
		}
		for _, c := range l.Trail {
			if c.Value <= -ir.Infinity {
				if _, seen := last[l.Node]; !seen {
					nodes = append(nodes, l.Node)
				}
				last[l.Node] = c.Why.Text
				break
			}
		}
	}
	var reasons []string
	byReason := map[string][]string{}
	for _, n := range nodes {
		r := last[n]
		if _, seen := byReason[r]; !seen {
			reasons = append(reasons, r)
		}
		byReason[r] = append(byReason[r], n)
	}
	var causes []string
	for _, r := range reasons {
		causes = append(causes, strings.Join(byReason[r], ", ")+": "+r)
	}
	if len(causes) > 0 {
		why += "; -INFINITY from " + strings.Join(causes, "; ")
	}
	return why
}

// frozenBy names the ticket whose loss froze res (loss-policy freeze),
// "" when none did: the cluster leaves it where it runs, and the reason is
// the ticket, not a failure.
func frozenBy(p *planner.Result, res *planner.Resource) string {
	if h, ok := p.FrozenBy(res); ok {
		return h.String()
	}
	return ""
}

// bannedBy names the ticket that keeps res off every node, "" when none
// does.
func bannedBy(p *planner.Result, res *planner.Resource) string {
	if h, ok := p.BannedBy(res); ok {
		return "it needs " + h.String()
	}
	return ""
}

// actions lists the transition's actions (pseudo-actions aside): those in
// the graph, and the required ones that cannot run, marked blocked; those
// of the resources the planner cannot compute are marked unknown.
func actions(res *planner.Result) []Action {
	t := res.Transition
	out := []Action{}
	for _, a := range t.Listed() {
		if a.Is(transition.Pseudo) {
			continue
		}
		name := string(a.Task)
		switch {
		case a.Task == pcmk.TaskMonitor && a.IntervalMs == 0:
			name = "probe"
		case a.Task == pcmk.TaskMonitor:
			name = "monitor " + interval(a.IntervalMs)
		case a.Task == pcmk.TaskCancel:
			name = "cancel " + string(a.CancelTask)
			if a.IntervalMs > 0 {
				name += " " + interval(a.IntervalMs)
			}
		case a.Task == pcmk.TaskStonith:
			name = "fence " + string(a.FenceOp)
		}
		_, unknown := res.IsUnknown(a.Resource())
		out = append(out, Action{Action: name, Resource: a.Resource(), Node: t.NodeName(a.Node), Blocked: !a.Is(transition.Dumped), Unknown: unknown})
	}
	return out
}

func interval(ms int64) string {
	return (time.Duration(ms) * time.Millisecond).String()
}

// changes is the transition summary in words: "fence (reboot) n1",
// "move web n1 -> n2", "stop db on n1 (blocked)", "start a on n1 (never
// runs: the transition stalls)". The changes of the resources the planner
// cannot compute are left out (and the fencing too when the whole plan is
// unknown), and a last line says their actions are unknown: "actions
// unknown: web, ping-clone".
func changes(res *planner.Result, resources []string, stall *plantext.Stall) []string {
	t := res.Transition
	_, planUnknown := res.PlanUnknown()
	var out []string
	var nodeActions []string
	if !planUnknown {
		nodeActions = t.NodeActions()
	}
	for _, a := range nodeActions {
		if i := strings.Index(a, " '"); i > 0 {
			a = a[:i]
		}
		out = append(out, strings.ToLower(a[:1])+a[1:])
	}
	for _, c := range t.Changes {
		if _, unknown := res.IsUnknown(c.Resource); unknown {
			continue
		}
		from, to := t.NodeName(c.From), t.NodeName(c.To)
		verb := strings.ToLower(c.Verb)
		var s string
		switch {
		case from != "" && to != "" && from != to:
			s = fmt.Sprintf("%s %s %s -> %s", verb, c.Resource, from, to)
		case from != "":
			s = fmt.Sprintf("%s %s on %s", verb, c.Resource, from)
		case to != "":
			s = fmt.Sprintf("%s %s on %s", verb, c.Resource, to)
		default:
			s = verb + " " + c.Resource
		}
		if c.Reason != "" {
			s += " due to " + c.Reason
		}
		if c.Blocked {
			s += " (blocked)"
		} else if stall.Holds(c.Resource) {
			s += " (never runs: the transition stalls)"
		}
		out = append(out, s)
	}
	if line := unknownActions(res, resources); line != "" {
		out = append(out, line)
	}
	return out
}

// spofs are the resources that run in the baseline (or, without one, are
// placed in some scenario) and are stopped or blocked in some scenario.
func spofs(r *Report) []SPOF {
	var out []SPOF
	for i, id := range r.Resources {
		// A resource that runs in the cluster as it is, if only degraded
		// (a clone below its clone-min, a promotable clone with nothing
		// promoted), is lost when a scenario leaves it worse off.
		base := Placed
		if r.Baseline != nil {
			base = r.Baseline.Cells[i].State
		}
		if base != Placed && base != Degraded {
			continue
		}
		var s SPOF
		for _, c := range r.Columns {
			cell := c.Cells[i]
			if cell.State == Stopped || cell.State == Blocked || (cell.State == Degraded && base == Placed) {
				s.Scenarios = append(s.Scenarios, c.Name)
				s.Why = append(s.Why, cell.Why)
			}
		}
		if len(s.Scenarios) > 0 {
			s.Resource = id
			out = append(out, s)
		}
	}
	sort.SliceStable(out, func(a, b int) bool { return len(out[a].Scenarios) > len(out[b].Scenarios) })
	return out
}
