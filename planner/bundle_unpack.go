package planner

import (
	"fmt"
	"strconv"
	"strings"

	"pcl/ir"
	"pcl/pcmk"
	"pcl/planner/model"
)

// Unpacking a bundle (pe__unpack_bundle): its replicas, each an implicit
// container primitive (docker, podman or rkt), an IPaddr2 address when
// the network has ip-range-start, and, when the bundle holds a primitive,
// an ocf:pacemaker:remote connection whose container is the replica's
// container (so the replica is a guest node named after the connection)
// and one instance of the bundle's child clone, which runs on that node
// only.

// bundleDefaultRemotePort is the port pacemaker-remoted listens on unless
// the network's control-port says otherwise.
const bundleDefaultRemotePort = "3121"

// bundleData is what a bundle's unpacking keeps (pe__bundle_variant_data_t).
type bundleData struct {
	cfg *ir.Bundle
	// agent is the container runtime: docker, podman or rkt.
	agent string

	nreplicas, perHost, promotedMax int

	image, runCommand, options, network           string
	ipRangeStart, netmask, hostIface, controlPort string
	addHost                                       bool
	// hasOptions: the runtime's options attribute is set (maybe empty).
	hasOptions bool

	ports  []bundlePort
	mounts []bundleMount

	// child is the clone made of the bundle's primitive (BUNDLE-clone,
	// BUNDLE-master when promotable), nil when the bundle has none.
	child    *model.Resource
	replicas []*bundleReplica
}

type bundlePort struct{ source, target string }

type bundleMount struct {
	source, target, options string
	subdir                  bool // source-dir-root: one directory per replica
}

// bundleReplica is one replica (pe__bundle_replica_t).
type bundleReplica struct {
	offset                      int
	ipaddr                      string
	ip, container, remote, inst *model.Resource
	// node is the replica's guest node (the connection's), -1 for none.
	node int
}

// bundleConfig reads a bundle's runtime, network and storage as
// pe__unpack_bundle does; nil when the bundle has no runtime element.
func bundleConfig(b *ir.Bundle) *bundleData {
	if b.Runtime == nil {
		return nil
	}
	d := &bundleData{cfg: b, agent: strings.ToLower(b.Runtime.Kind)}
	switch d.agent {
	case "docker", "podman", "rkt":
	default:
		return nil
	}
	attr := func(attrs []ir.Attr, name string) (string, bool) {
		for _, a := range attrs {
			if a.Name == name {
				return a.Value, true
			}
		}
		return "", false
	}
	rt := b.Runtime.Attrs
	v, ok := attr(rt, "promoted-max")
	if !ok {
		v, ok = attr(rt, "masters")
	}
	if ok {
		d.promotedMax = scanMinInt(v, 0)
	}
	if v, ok := attr(rt, "replicas"); ok || d.promotedMax == 0 {
		d.nreplicas = scanMinIntDefault(v, ok, 1)
	} else {
		d.nreplicas = d.promotedMax
	}
	v, ok = attr(rt, "replicas-per-host")
	d.perHost = scanMinIntDefault(v, ok, 1)
	d.runCommand, _ = attr(rt, "run-command")
	d.options, d.hasOptions = attr(rt, "options")
	d.image, _ = attr(rt, "image")
	d.network, _ = attr(rt, "network")
	d.addHost = true
	if n := b.Network; n != nil {
		d.ipRangeStart, _ = attr(n.Attrs, "ip-range-start")
		d.netmask, _ = attr(n.Attrs, "host-netmask")
		d.hostIface, _ = attr(n.Attrs, "host-interface")
		d.controlPort, _ = attr(n.Attrs, "control-port")
		if v, ok := attr(n.Attrs, "add-host"); ok {
			if b, valid := parseBoolean(v); valid {
				d.addHost = b
			}
		}
		for _, pm := range n.Ports {
			pt := bundlePort{source: pm.Port, target: pm.InternalPort}
			if pt.source == "" {
				pt.source, pt.target = pm.Range, ""
			}
			if pt.source == "" {
				continue
			}
			if pt.target == "" {
				pt.target = pt.source
			}
			d.ports = append(d.ports, pt)
		}
	}
	needLogMount := true
	if s := b.Storage; s != nil {
		for _, m := range s.Mappings {
			mt := bundleMount{source: m.SourceDir, target: m.TargetDir, options: m.Options}
			if mt.source == "" {
				mt.source, mt.subdir = m.SourceDirRoot, true
			}
			if mt.source == "" || mt.target == "" {
				continue
			}
			if mt.target == "/var/log" {
				needLogMount = false
			}
			d.mounts = append(d.mounts, mt)
		}
	}
	if d.hasChild() {
		d.mounts = append(d.mounts, bundleMount{source: "/etc/pacemaker/authkey", target: "/etc/pacemaker/authkey"})
		if needLogMount {
			d.mounts = append(d.mounts, bundleMount{source: "/var/log/pacemaker/bundles", target: "/var/log", subdir: true})
		}
		port := d.controlPort
		if port == "" {
			port = bundleDefaultRemotePort
		}
		d.ports = append(d.ports, bundlePort{source: port, target: port})
	}
	return d
}

// scanMinIntDefault is pcmk__scan_min_int with a default for a missing
// value.
func scanMinIntDefault(v string, ok bool, def int) int {
	if !ok {
		return def
	}
	return scanMinInt(v, def)
}

// parseBoolean is crm_str_to_boolean: the value and whether it is one.
func parseBoolean(v string) (bool, bool) {
	switch strings.ToLower(v) {
	case "true", "on", "yes", "y", "1":
		return true, true
	case "false", "off", "no", "n", "0":
		return false, true
	}
	return false, false
}

// validNetwork is valid_network: the cluster reaches the bundle's
// primitive only through an IP range or a control port, and a control
// port without a range allows one replica per host.
func (d *bundleData) validNetwork() bool {
	if d.ipRangeStart != "" {
		return true
	}
	if d.controlPort != "" {
		if d.perHost > 1 {
			d.perHost = 1
		}
		return true
	}
	return false
}

// hasChild reports a bundle whose primitive the cluster manages.
func (d *bundleData) hasChild() bool { return d.cfg.Child != nil && d.validNetwork() }

// nextIP is next_ip: the address after last, the fourth octet wrapping
// to the third; "" past the range.
func nextIP(last string) string {
	var o [4]uint
	if n, err := fmt.Sscanf(last, "%d.%d.%d.%d", &o[0], &o[1], &o[2], &o[3]); err != nil || n != 4 {
		return ""
	}
	switch {
	case o[2] > 253:
		return ""
	case o[3] > 253:
		o[2]++
		o[3] = 1
	default:
		o[3]++
	}
	return fmt.Sprintf("%d.%d.%d.%d", o[0], o[1], o[2], o[3])
}

// bundleReplicaCount is how many replicas a bundle has.
func (d *bundleData) replicaCount() int { return d.nreplicas }

// unpackBundleNodes creates each bundle replica's guest node before the
// resources are unpacked (Pacemaker makes them while it unpacks the
// bundle, with discovery never and weight -INFINITY, so that no resource
// is allowed there by default).
func (p *plan) unpackBundleNodes() {
	for _, r := range p.CIB.Config.Resources {
		b, ok := r.(*ir.Bundle)
		if !ok {
			continue
		}
		d := bundleConfig(b)
		if d == nil || !d.hasChild() {
			continue
		}
		for i := 0; i < d.replicaCount(); i++ {
			name := b.ID + "-" + strconv.Itoa(i)
			var node *model.Node
			for _, n := range p.Nodes {
				if strings.EqualFold(n.Uname, name) {
					node = n
				}
			}
			if node != nil {
				p.lateBundleNodes[strings.ToLower(name)] = true
				continue
			}
			node = p.newRemoteNode(name)
			p.pendingBundleNodes++
			node.Weight = -ir.Infinity
			node.DiscoverNever = true
		}
	}
}

// newBundle unpacks a bundle and its replicas' resources.
func (p *plan) newBundle(b *ir.Bundle) *model.Resource {
	r := &model.Resource{ID: b.ID, Kind: model.KindBundle, Bundle: b, AssignedTo: -1, LockNode: -1, PendingNode: -1}
	r.Meta = p.metaFor(r, b.Sets, nil, map[string]string{"id": b.ID})
	p.commonUnpack(r)
	p.register(r)
	d := bundleConfig(b)
	if d == nil {
		return r
	}
	p.bundles[r] = d
	if d.perHost == 1 {
		r.Unique = false
	}
	// The containers are spread as a clone's instances are.
	// Orderings with other bundles or clones pair the replicas when the
	// bundle interleaves (can_interleave_actions reads its meta).
	// Its notify meta-attribute (pe_rsc_notify) makes orderings after the
	// bundle look for notifications it does not have (action_for_ordering).
	r.CloneOpts = &model.CloneOptions{Max: d.nreplicas, NodeMax: d.perHost,
		Interleave: isTrueDefault(r.Meta["interleave"], false), Notify: isTrueDefault(r.Meta["notify"], false)}
	var hosts strings.Builder
	allocIP := func(rep *bundleReplica, last string) string {
		if d.ipRangeStart == "" {
			return last
		}
		if last != "" {
			rep.ipaddr = nextIP(last)
		} else {
			rep.ipaddr = d.ipRangeStart
		}
		name := fmt.Sprintf("%s-%d", b.ID, rep.offset)
		switch {
		case d.agent != "rkt" && d.addHost:
			fmt.Fprintf(&hosts, " --add-host=%s:%s", name, rep.ipaddr)
		default:
			fmt.Fprintf(&hosts, " --hosts-entry=%s=%s", rep.ipaddr, name)
		}
		return rep.ipaddr
	}
	last := ""
	if d.hasChild() {
		d.child = p.newBundleChild(r, d)
		for i, inst := range d.child.Children {
			if inst.Orphan {
				continue
			}
			rep := &bundleReplica{offset: i, inst: inst, node: -1}
			inst.ExclusiveDiscovery = true
			if inst.Meta["notify"] != "" && isTrueDefault(inst.Meta["notify"], false) {
				d.child.CloneOpts.Notify = true
			}
			last = allocIP(rep, last)
			d.replicas = append(d.replicas, rep)
		}
	} else {
		for i := 0; i < d.nreplicas; i++ {
			rep := &bundleReplica{offset: i, node: -1}
			last = allocIP(rep, last)
			d.replicas = append(d.replicas, rep)
		}
	}
	hostOpts := hosts.String()
	for _, rep := range d.replicas {
		rep.container = p.newPrimitive(d.containerPrimitive(rep, hostOpts), r, "")
		r.Children = append(r.Children, rep.container)
		if d.ipRangeStart != "" {
			rep.ip = p.newPrimitive(d.ipPrimitive(rep), r, "")
			r.Children = append(r.Children, rep.ip)
		}
		if rep.inst != nil {
			p.newBundleRemote(r, d, rep)
		}
		if rep.inst != nil && rep.ipaddr != "" {
			rep.inst.Meta["external-ip"] = rep.ipaddr
		}
		if rep.inst != nil {
			// Utilization is configured on the primitive but means the
			// container's.
			rep.container.Utilization, rep.inst.Utilization = rep.inst.Utilization, rep.container.Utilization
		}
	}
	if d.child != nil {
		r.Children = append(r.Children, d.child)
	}
	for _, rep := range d.replicas {
		r.Replicas = append(r.Replicas, model.BundleReplica{Container: rep.container, IP: rep.ip, Remote: rep.remote, Instance: rep.inst})
	}
	p.symmetricDefault(r)
	return r
}

// newBundleChild makes the clone of the bundle's primitive: ordered, one
// instance per replica, replicas-per-host instances per node, unique
// when more than one, promotable with promoted-max.
func (p *plan) newBundleChild(r *model.Resource, d *bundleData) *model.Resource {
	kind := "clone"
	if d.promotedMax > 0 {
		kind = "master"
	}
	id := d.cfg.ID + "-" + kind
	str := func(s string) *string { return &s }
	meta := &ir.NVSet{Kind: ir.MetaAttributes, ID: d.cfg.ID + "-" + kind + "-meta"}
	add := func(n, v string) {
		meta.Pairs = append(meta.Pairs, &ir.NVPair{ID: meta.ID + "-" + n, Name: n, Value: str(v)})
	}
	add("ordered", "true")
	add("clone-max", strconv.Itoa(d.nreplicas))
	add("clone-node-max", strconv.Itoa(d.perHost))
	add("globally-unique", strconv.FormatBool(d.perHost > 1))
	if d.promotedMax > 0 {
		add("promotable", "true")
		add("promoted-max", strconv.Itoa(d.promotedMax))
	}
	c := &ir.Clone{ID: id, Sets: []*ir.NVSet{meta}, Child: d.cfg.Child, ChildAt: 1}
	return p.newCloneIn(c, r)
}

// containerPrimitive is the replica's container resource
// (create_container_resource): heartbeat's agent for the runtime, its
// run options built from the network and storage.
func (d *bundleData) containerPrimitive(rep *bundleReplica, hostOpts string) *ir.Primitive {
	id := fmt.Sprintf("%s-%s-%d", d.cfg.ID, d.agent, rep.offset)
	hostname, env := "-h ", "-e "
	if d.agent == "rkt" {
		hostname, env = "--hostname=", "--environment="
	}
	var b strings.Builder
	if d.agent == "docker" {
		b.WriteString(" --restart=no")
	}
	if d.ipRangeStart != "" {
		fmt.Fprintf(&b, " %s%s-%d", hostname, d.cfg.ID, rep.offset)
	}
	b.WriteString(" " + env + "PCMK_stderr=1")
	if d.network != "" {
		b.WriteString(" --net=" + d.network)
	}
	port := d.controlPort
	if port == "" {
		port = bundleDefaultRemotePort
	}
	b.WriteString(" " + env + "PCMK_remote_port=" + port)
	var dirs []string
	for vol, m := range d.mounts {
		source := m.source
		if m.subdir {
			source = fmt.Sprintf("%s/%s-%d", m.source, d.cfg.ID, rep.offset)
			dirs = append(dirs, source)
		}
		if d.agent == "rkt" {
			opts := ""
			if m.options != "" {
				opts = "," + m.options
			}
			fmt.Fprintf(&b, " --volume vol%d,kind=host,source=%s%s --mount volume=vol%d,target=%s", vol, source, opts, vol, m.target)
			continue
		}
		b.WriteString(" -v " + source + ":" + m.target)
		if m.options != "" {
			b.WriteString(":" + m.options)
		}
	}
	for _, pt := range d.ports {
		switch {
		case d.agent == "rkt" && rep.ipaddr != "":
			b.WriteString(" --port=" + pt.target + ":" + rep.ipaddr + ":" + pt.source)
		case d.agent == "rkt":
			b.WriteString(" --port=" + pt.target + ":" + pt.source)
		case rep.ipaddr != "":
			b.WriteString(" -p " + rep.ipaddr + ":" + pt.source + ":" + pt.target)
		case d.network != "host":
			b.WriteString(" -p " + pt.source + ":" + pt.target)
		}
	}
	// Pacemaker appends the run options whenever they are set, even
	// empty, and the host entries always (an empty list too): the
	// trailing spaces are part of the digest.
	if d.hasOptions {
		b.WriteString(" " + d.options)
	}
	b.WriteString(" " + hostOpts)
	params := [][2]string{
		{"image", d.image}, {"allow_pull", "true"}, {"force_kill", "false"}, {"reuse", "false"},
		{"run_opts", b.String()}, {"mount_points", strings.Join(dirs, ",")},
	}
	switch {
	case rep.inst != nil && d.runCommand != "":
		params = append(params, [2]string{"run_cmd", d.runCommand})
	case rep.inst != nil:
		params = append(params, [2]string{"run_cmd", "/usr/sbin/pacemaker-remoted"})
	case d.runCommand != "":
		params = append(params, [2]string{"run_cmd", d.runCommand})
	}
	params = append(params, [2]string{"monitor_cmd", "/bin/true"})
	return implicitPrimitive(id, ir.Agent{Class: "ocf", Provider: "heartbeat", Type: d.agent},
		fmt.Sprintf("%s-attributes-%d", d.cfg.ID, rep.offset), params, nil, "60s", "")
}

// ipPrimitive is the replica's address (create_ip_resource).
func (d *bundleData) ipPrimitive(rep *bundleReplica) *ir.Primitive {
	id := sanitizeID(fmt.Sprintf("%s-ip-%s", d.cfg.ID, rep.ipaddr))
	params := [][2]string{{"ip", rep.ipaddr}}
	if d.hostIface != "" {
		params = append(params, [2]string{"nic", d.hostIface})
	}
	mask := d.netmask
	if mask == "" {
		mask = "32"
	}
	params = append(params, [2]string{"cidr_netmask", mask})
	return implicitPrimitive(id, ir.Agent{Class: "ocf", Provider: "heartbeat", Type: "IPaddr2"},
		fmt.Sprintf("%s-attributes-%d", d.cfg.ID, rep.offset), params, nil, "60s", "")
}

// newBundleRemote makes the replica's connection (create_remote_resource,
// pe_create_remote_xml): internal, contained in the replica's container,
// reaching the replica's address (or, without one, the host's name) on the
// control port; its node is the replica's guest node, where only the
// replica's instance may run.
func (p *plan) newBundleRemote(r *model.Resource, d *bundleData, rep *bundleReplica) {
	id := fmt.Sprintf("%s-%d", d.cfg.ID, rep.offset)
	addr := rep.ipaddr
	if addr == "" {
		addr = "#uname"
	}
	port := d.controlPort
	if port == "" {
		port = bundleDefaultRemotePort
	}
	meta := [][2]string{{"internal", "true"}, {"container", rep.container.ID}}
	prim := implicitPrimitive(id, ir.Agent{Class: "ocf", Provider: "pacemaker", Type: "remote"},
		id+"-instance_attributes", [][2]string{{"addr", addr}, {"port", port}}, meta, "30s", "30s")
	rep.node = p.findNode(id)
	if rep.node >= 0 && !p.lateBundleNodes[strings.ToLower(id)] {
		p.pendingBundleNodes--
	}
	if rep.node >= 0 && p.lateBundleNodes[strings.ToLower(id)] {
		// A node the configuration lists: what was unpacked before
		// (this bundle's earlier parts included) saw it as any other
		// node; now it takes no resources by default.
		node := p.Nodes[rep.node]
		node.Weight, node.DiscoverNever = -ir.Infinity, true
		for _, top := range p.Top {
			disallowNode(top, rep.node)
		}
	}
	if rep.node >= 0 {
		n := rep.node
		// Only the replica's instance runs on the replica's node, at 500;
		// the child clone itself is banned from it.
		t := model.NewTable(len(p.Nodes), p.trails)
		t.Insert(n, 500, &bundleReplicaStart)
		t.Discover[n] = pcmk.DiscoverExclusive
		rep.inst.Allowed = t
		d.child.Allowed.Insert(n, -ir.Infinity, &bundleChildOffReplica)
		if d.child.Allowed.In[n] {
			d.child.Allowed.W[n] = -ir.Infinity
		}
	}
	rep.remote = p.newPrimitive(prim, r, "")
	for i, node := range p.Nodes {
		if node.Remote() && rep.remote.Allowed.In[i] {
			rep.remote.Allowed.Set(i, -ir.Infinity, &remoteBan)
		}
	}
	// Its container (meta-attribute container) is linked, and it
	// becomes the container's filler, in setupContainers.
	rep.remote.AllowRemoteRemotes = true
	r.Children = append(r.Children, rep.remote)
}

// disallowNode bans r and its parts from node i where they have it
// (disallow_node).
func disallowNode(r *model.Resource, i int) {
	if r.Allowed.In != nil && r.Allowed.In[i] {
		r.Allowed.Set(i, -ir.Infinity, &bundleNodeBan)
		r.Allowed.Discover[i] = pcmk.DiscoverNever
	}
	for _, c := range r.Children {
		disallowNode(c, i)
	}
}

var bundleNodeBan = model.Cause{Kind: model.CauseRemote, Text: "a bundle's replica node takes no resources but the replica's"}

var (
	bundleReplicaStart    = model.Cause{Kind: model.CauseRemote, Text: "a bundle replica's instance is allowed on its replica's guest node only, at 500"}
	bundleChildOffReplica = model.Cause{Kind: model.CauseRemote, Text: "a bundle's child clone is kept off its replicas' nodes until the replicas are placed"}
	bundleReplicaNode     = model.Cause{Kind: model.CauseRemote, Text: "not this replica's guest node: a bundle replica's instance runs on its own replica's node only"}
)

// implicitPrimitive is a primitive Pacemaker adds for a bundle: one set of
// instance attributes, optional meta-attributes, a recurring monitor.
func implicitPrimitive(id string, agent ir.Agent, setID string, params, meta [][2]string, monitor, timeout string) *ir.Primitive {
	str := func(s string) *string { return &s }
	prim := &ir.Primitive{ID: id, Agent: agent}
	if len(meta) > 0 {
		set := &ir.NVSet{Kind: ir.MetaAttributes, ID: id + "-meta_attributes"}
		for _, kv := range meta {
			set.Pairs = append(set.Pairs, &ir.NVPair{ID: set.ID + "-" + kv[0], Name: kv[0], Value: str(kv[1])})
		}
		prim.Sets = append(prim.Sets, set)
	}
	set := &ir.NVSet{Kind: ir.InstanceAttributes, ID: setID}
	for _, kv := range params {
		set.Pairs = append(set.Pairs, &ir.NVPair{ID: set.ID + "-" + kv[0], Name: kv[0], Value: str(kv[1])})
	}
	prim.Sets = append(prim.Sets, set)
	prim.ChildAt = len(prim.Sets)
	interval, _ := ir.ParseDuration(monitor)
	op := &ir.Op{ID: id + "-monitor-" + monitor, Name: string(pcmk.TaskMonitor), Interval: interval}
	if timeout != "" {
		t, _ := ir.ParseDuration(timeout)
		op.Timeout = &t
	}
	prim.Operations = &ir.Operations{Ops: []*ir.Op{op}}
	return prim
}

// sanitizeID is crm_xml_sanitize_id: colons and hashes become dots.
func sanitizeID(id string) string {
	return strings.NewReplacer(":", ".", "#", ".").Replace(id)
}
