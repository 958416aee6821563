package synth

import (
	"crypto/md5"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
)

// RemoteCIB returns a small random CIB, as XML with a status section,
// built around the nodes a cluster does not run itself, for the held-out
// differential tests against crm_simulate (issue 22). It is written
// independently of the planner's model: what it draws is what a real
// cluster's CIB holds, and crm_verify accepts it.
//
// It has 2 to 4 cluster nodes (now and then one offline or in standby),
// fencing enabled on half the seeds (with a fencing device), and:
//   - 1 to 3 remote nodes, ocf:pacemaker:remote connections (with
//     reconnect_interval now and then, rarely target-role=Stopped), with or
//     without a <node type="remote"> entry and attributes; each
//     connection running on a cluster node, failed there (its monitor), or
//     stopped;
//   - 0 to 2 guest nodes, the remote-node meta attribute of a Dummy
//     standing for a VM, the VM running (with its connection), failed or
//     stopped;
//   - now and then a bundle (podman or docker; replicas, replicas-per-host,
//     ip-range-start and control-port; with or without a Dummy inside;
//     never promotable), stopped or probed;
//   - 3 to 8 Dummy primitives and now and then an anonymous clone, with
//     locations on remote and guest nodes (preferences and bans),
//     colocations with the VMs and with each other, orders after the
//     connections, and histories on every kind of node: running, failed
//     (with a fail count) or probed;
//   - 0 to 2 tickets (granted, revoked, in standby, or not recorded) held
//     by primitives with a loss-policy.
//
// It is deterministic for a seed.
func RemoteCIB(seed uint64) string {
	g := &remoteCIB{rnd: rand.New(rand.NewPCG(seed, 0x7e307e)),
		lrm: map[string][]string{}, attrs: map[string][]string{}, hostOf: map[string]string{},
		connParams: map[string]map[string]string{}, failedConn: map[string]bool{}}
	return g.build()
}

// remoteCIB is the state of one RemoteCIB run.
type remoteCIB struct {
	rnd     *rand.Rand
	call    int
	fencing bool

	hosts   []string // cluster nodes, node1 first
	offline map[string]bool

	remotes []string // remote nodes of ocf:pacemaker:remote connections
	guests  []string // guest nodes, one per VM vmN
	vms     []string
	bundles []*remoteBundle
	prims   []string // plain Dummy primitives
	clone   string   // the clone's id, if any
	// hostOf is, for each remote or guest node whose connection the
	// history has running, the cluster node it runs on: such a node is
	// up, and resources may be recorded on it.
	hostOf map[string]string
	// failedConn marks the remote and guest nodes whose connection (or
	// VM) the history has failed.
	failedConn map[string]bool
	connParams map[string]map[string]string // a connection's parameters
	cloneMax   int                          // the clone's clone-max, 0 when unset

	lrm   map[string][]string // per node name: <lrm_resource> elements
	attrs map[string][]string // per node name: transient <nvpair> elements
}

// remoteBundle is a bundle of a RemoteCIB.
type remoteBundle struct {
	id, tech string
	replicas int
	child    string // the primitive inside, or ""
}

func (g *remoteCIB) intn(n int) int           { return g.rnd.IntN(n) }
func (g *remoteCIB) one(n int) bool           { return g.rnd.IntN(n) == 0 }
func (g *remoteCIB) pick(xs ...string) string { return xs[g.rnd.IntN(len(xs))] }
func (g *remoteCIB) onlineHosts() (out []string) {
	for _, h := range g.hosts {
		if !g.offline[h] {
			out = append(out, h)
		}
	}
	return out
}

// upRemotes are the remote and guest nodes whose connection the history
// has running, in a fixed order.
func (g *remoteCIB) upRemotes() []string {
	var out []string
	for _, n := range append(append([]string(nil), g.remotes...), g.guests...) {
		if g.hostOf[n] != "" {
			out = append(out, n)
		}
	}
	return out
}

func (g *remoteCIB) build() string {
	n := 2 + g.intn(3)
	g.offline = map[string]bool{}
	for i := 1; i <= n; i++ {
		h := fmt.Sprintf("node%d", i)
		g.hosts = append(g.hosts, h)
		if i > 1 && g.one(6) {
			g.offline[h] = true
		}
	}
	var b strings.Builder
	var options []string
	if g.fencing = g.one(2); g.fencing {
		options = append(options, `<nvpair id="opt-concurrent-fencing" name="concurrent-fencing" value="true"/>`)
	}
	writeCIBOpening(&b, options...)
	for i, h := range g.hosts {
		writeRackNode(&b, i, h, i%2)
	}
	for i := 0; i < 1+g.intn(3); i++ {
		g.remotes = append(g.remotes, fmt.Sprintf("remote%d", i+1))
	}
	for _, r := range g.remotes {
		if g.one(2) {
			var attrs []string
			if g.one(2) {
				attrs = append(attrs, fmt.Sprintf(`<nvpair id="%s-rack" name="rack" value="r%d"/>`, r, g.intn(2)))
			}
			if g.one(8) {
				attrs = append(attrs, fmt.Sprintf(`<nvpair id="%s-standby" name="standby" value="on"/>`, r))
			}
			set := ""
			if len(attrs) > 0 {
				set = fmt.Sprintf(`<instance_attributes id="%s-attrs">%s</instance_attributes>`, r, strings.Join(attrs, ""))
			}
			fmt.Fprintf(&b, `      <node id="%s" type="remote" uname="%s">%s</node>`+"\n", r, r, set)
		}
	}
	b.WriteString("    </nodes>\n    <resources>\n")
	if g.fencing {
		b.WriteString(`      <primitive id="fencing" class="stonith" type="fence_dummy"/>` + "\n")
	}
	for _, r := range g.remotes {
		g.connection(&b, r)
	}
	for i := 0; i < g.intn(3); i++ {
		g.guest(&b, i+1)
	}
	if g.one(3) {
		g.bundle(&b, len(g.bundles))
	}
	for i := 0; i < 3+g.intn(6); i++ {
		id := fmt.Sprintf("rsc%d", i+1)
		g.prims = append(g.prims, id)
		var meta [][2]string
		if g.one(8) {
			meta = append(meta, [2]string{"resource-stickiness", g.pick("0", "100", "INFINITY")})
		}
		if g.one(8) {
			meta = append(meta, [2]string{"migration-threshold", "1"})
		}
		dummy(&b, id, "      ", meta)
	}
	if g.one(3) {
		g.clone = "cl-clone"
		b.WriteString(`      <clone id="cl-clone">` + "\n")
		if g.one(2) {
			g.cloneMax = 1 + g.intn(4)
			writeMeta(&b, g.clone, "        ", [][2]string{{"clone-max", fmt.Sprint(g.cloneMax)}})
		}
		dummy(&b, "cl", "        ", nil)
		b.WriteString("      </clone>\n")
	}
	b.WriteString("    </resources>\n")
	if g.one(2) {
		writeStickinessDefault(&b, g.pick("0", "1", "100"))
	}
	g.history()
	b.WriteString("    <constraints>\n")
	g.constraints(&b)
	tickets := g.tickets(&b)
	b.WriteString("    </constraints>\n  </configuration>\n  <status>\n")
	if tickets != "" {
		b.WriteString(tickets)
	}
	g.status(&b)
	b.WriteString("  </status>\n</cib>\n")
	src := b.String()
	if g.fencing {
		src = strings.Replace(src, `name="stonith-enabled" value="false"`, `name="stonith-enabled" value="true"`, 1)
	}
	return src
}

// writeStickinessDefault writes rsc_defaults with resource-stickiness
// value.
func writeStickinessDefault(b *strings.Builder, value string) {
	fmt.Fprintf(b, `    <rsc_defaults><meta_attributes id="rsc-defaults"><nvpair id="def-stick" name="resource-stickiness" value="%s"/></meta_attributes></rsc_defaults>`+"\n", value)
}

// dummy writes a Dummy with a 10 s monitor.
func dummy(b *strings.Builder, id, indent string, meta [][2]string) {
	fmt.Fprintf(b, "%s<primitive id=%q class=\"ocf\" provider=\"pacemaker\" type=\"Dummy\">\n", indent, id)
	writeMeta(b, id, indent+"  ", meta)
	fmt.Fprintf(b, "%s  <operations><op id=\"%s-monitor-10s\" name=\"monitor\" interval=\"10s\" timeout=\"20s\"/></operations>\n", indent, id)
	fmt.Fprintf(b, "%s</primitive>\n", indent)
}

// connection writes the ocf:pacemaker:remote connection of remote node r
// (without a server: the node's name is its address).
func (g *remoteCIB) connection(b *strings.Builder, r string) {
	params := map[string]string{}
	if g.one(4) {
		params["reconnect_interval"] = g.pick("30s", "60s", "5m")
	}
	g.connParams[r] = params
	fmt.Fprintf(b, "      <primitive id=%q class=\"ocf\" provider=\"pacemaker\" type=\"remote\">\n", r)
	if len(params) > 0 {
		fmt.Fprintf(b, `        <instance_attributes id="%s-params"><nvpair id="%s-reconnect" name="reconnect_interval" value="%s"/></instance_attributes>`+"\n",
			r, r, params["reconnect_interval"])
	}
	if g.one(10) {
		writeMeta(b, r, "        ", [][2]string{{"target-role", "Stopped"}})
	}
	fmt.Fprintf(b, "        <operations><op id=\"%s-monitor-10s\" name=\"monitor\" interval=\"10s\" timeout=\"20s\"/></operations>\n", r)
	b.WriteString("      </primitive>\n")
}

// guest writes the i-th VM, vmI, with the guest node guestI.
func (g *remoteCIB) guest(b *strings.Builder, i int) {
	vm, name := fmt.Sprintf("vm%d", i), fmt.Sprintf("guest%d", i)
	g.vms = append(g.vms, vm)
	g.guests = append(g.guests, name)
	dummy(b, vm, "      ", [][2]string{{"remote-node", name}})
}

// bundle writes the i-th bundle: podman or docker, 1 to 3 replicas, 1 or
// 2 per host, an IP range and a control port now and then, a Dummy inside
// most of the time.
func (g *remoteCIB) bundle(b *strings.Builder, i int) {
	bd := &remoteBundle{id: fmt.Sprintf("bnd%d", i+1), tech: g.pick("podman", "docker"), replicas: 1 + g.intn(3)}
	perHost := ""
	if g.one(3) {
		perHost = ` replicas-per-host="2"`
	}
	fmt.Fprintf(b, "      <bundle id=%q>\n        <%s image=\"pcl-test:latest\" replicas=\"%d\"%s/>\n", bd.id, bd.tech, bd.replicas, perHost)
	// Pacemaker cannot reach the resource inside without an address or
	// a control port.
	withChild := !g.one(4)
	if withChild || g.one(2) {
		port := ""
		if g.one(2) {
			port = ` control-port="3121"`
		}
		fmt.Fprintf(b, "        <network ip-range-start=\"192.168.122.%d\"%s/>\n", 10+50*i, port)
	}
	if withChild {
		bd.child = bd.id + "-rsc"
		dummy(b, bd.child, "        ", nil)
	}
	b.WriteString("      </bundle>\n")
	g.bundles = append(g.bundles, bd)
}

// digest is the operation digest Pacemaker records for params (and, for
// a recurring operation, its timeout in ms).
func digest(params map[string]string, timeoutMs int) string {
	all := map[string]string{}
	for k, v := range params {
		all[k] = v
	}
	if timeoutMs > 0 {
		all["CRM_meta_timeout"] = fmt.Sprint(timeoutMs)
	}
	keys := make([]string, 0, len(all))
	for k := range all {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var s strings.Builder
	s.WriteString(" <parameters")
	for _, k := range keys {
		fmt.Fprintf(&s, " %s=%q", k, all[k])
	}
	s.WriteString("/>\n")
	sum := md5.Sum([]byte(s.String()))
	return hex.EncodeToString(sum[:])
}
