package pclgen

import (
	"bytes"
	"os"
	"path/filepath"
	"pcl/internal/testenv"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"golang.org/x/tools/txtar"

	"pcl/compiler"
	"pcl/emit/cibxml"
	"pcl/internal/xmlcompare"
	"pcl/ir"
)

func sp(s string) *string { return &s }

func score(t string) *ir.ScoreValue {
	v, err := ir.ParseScore(t)
	if err != nil {
		panic(err)
	}
	return &ir.ScoreValue{Value: v, Text: t}
}

func dur(t string) ir.Duration {
	d, err := ir.ParseDuration(t)
	if err != nil {
		panic(err)
	}
	return d
}

func pairs(setID string, kv ...string) []*ir.NVPair {
	var out []*ir.NVPair
	for i := 0; i+1 < len(kv); i += 2 {
		out = append(out, &ir.NVPair{ID: ir.PairID(setID, kv[i]), Name: kv[i], Value: sp(kv[i+1])})
	}
	return out
}

func set(kind ir.NVSetKind, id string, kv ...string) *ir.NVSet {
	return &ir.NVSet{Kind: kind, ID: id, Pairs: pairs(id, kv...)}
}

// dummies are primitives for constraints to refer to.
func dummies(ids ...string) []ir.Resource {
	var out []ir.Resource
	for _, id := range ids {
		out = append(out, &ir.Primitive{ID: id, Agent: ir.Agent{Class: "ocf", Provider: "pacemaker", Type: "Dummy"}})
	}
	return out
}

func expr(id, attr, op, value string) *ir.Expression {
	e := &ir.Expression{ID: id, Attribute: attr, Operation: op}
	if value != "" {
		e.Value = sp(value)
	}
	return e
}

// goldenCases are configurations built by hand, one per construct family,
// so that the writer is pinned down independently of the importer.
var goldenCases = []struct {
	name string
	cfg  *ir.Config
}{
	{"properties-and-nodes", &ir.Config{
		Properties: []*ir.NVSet{
			set(ir.ClusterProperties, "cib-bootstrap-options", "stonith-enabled", "false", "no-quorum-policy", "ignore", "dc-deadtime", "5s"),
			{Kind: ir.ClusterProperties, ID: "night", Score: score("10"),
				Rules: []*ir.Rule{{ID: "night-rule", Score: score("0"), Terms: []ir.RuleTerm{expr("night-rule-expr", "#uname", "eq", "node1")}}},
				Pairs: pairs("night", "maintenance-mode", "true")},
		},
		Nodes: []*ir.Node{
			{ID: "1", Uname: "node1", Type: "member", Sets: []*ir.NVSet{
				set(ir.InstanceAttributes, "node1-instance_attributes", "standby", "off", "#special", "x"),
				set(ir.Utilization, "node1-utilization", "cpu", "8", "memory", "0016384"),
			}},
			{ID: "node2", Uname: "node2", Score: score("-INFINITY"), Sets: []*ir.NVSet{
				{Kind: ir.InstanceAttributes, ID: "nodes-node2", Pairs: []*ir.NVPair{
					{ID: "nodes-node2-standby", Name: "standby", Value: sp("on")},
					{ID: "node2-unset", Name: "unset"},
				}},
			}},
		},
		Sections: []string{"rsc_defaults", "op_defaults"},
		RscDefaults: []*ir.NVSet{
			set(ir.MetaAttributes, "rsc-options", "resource-stickiness", "INFINITY", "migration-threshold", "1"),
		},
		OpDefaults: []*ir.NVSet{
			set(ir.MetaAttributes, "op_defaults-meta_attributes", "timeout", "20s"),
		},
	}},
	{"resources", &ir.Config{
		Resources: []ir.Resource{
			&ir.Primitive{ID: "ip", Agent: ir.Agent{Class: "ocf", Provider: "heartbeat", Type: "IPaddr2"},
				Sets: []*ir.NVSet{
					set(ir.InstanceAttributes, "ip-instance_attributes", "ip", "192.0.2.10", "cidr_netmask", "24"),
					set(ir.MetaAttributes, "ip-meta_attributes", "target-role", "Started"),
				},
				ChildAt: 1,
				Operations: &ir.Operations{Ops: []*ir.Op{
					{ID: "ip-monitor-10s", Name: "monitor", Interval: dur("10s"), Timeout: &ir.Duration{Ms: 20000, Text: "20s"}, OnFail: "restart"},
					{ID: "ip-start-0", Name: "start", Interval: dur("0")},
					{ID: "ip-op-stop", Name: "stop", Interval: dur("0s"), Enabled: ir.NewBool(false), Role: ir.RoleStarted,
						Sets: []*ir.NVSet{set(ir.InstanceAttributes, "ip-op-stop-instance_attributes", "OCF_CHECK_LEVEL", "10")}},
				}},
			},
			&ir.Group{ID: "www", Sets: []*ir.NVSet{set(ir.MetaAttributes, "www-meta_attributes", "target-role", "Stopped")},
				ChildAt: 0,
				Members: []*ir.Primitive{
					{ID: "fs", Agent: ir.Agent{Class: "ocf", Provider: "heartbeat", Type: "Filesystem"},
						Operations: &ir.Operations{ID: "fs-ops"}},
					{ID: "web", Agent: ir.Agent{Class: "lsb", Type: "apache2"}, Description: "the web server",
						Operations: &ir.Operations{IDRef: "fs-ops"}},
				}},
			&ir.Clone{ID: "ms", Sets: []*ir.NVSet{
				set(ir.MetaAttributes, "ms-meta_attributes", "promotable", "true", "clone-max", "2"),
				set(ir.MetaAttributes, "ms-meta_attributes-1", "notify", "true"),
			}, ChildAt: 1,
				Child: &ir.Primitive{ID: "drbd", Agent: ir.Agent{Class: "ocf", Provider: "linbit", Type: "drbd"}}},
			&ir.Template{Primitive: ir.Primitive{ID: "vm", Agent: ir.Agent{Class: "ocf", Provider: "heartbeat", Type: "Xen"}}},
			&ir.Primitive{ID: "vm1", Template: "vm"},
			&ir.Bundle{ID: "httpd", Runtime: &ir.BundleRuntime{Kind: "podman", Attrs: []ir.Attr{{Name: "image", Value: "localhost/httpd"}, {Name: "replicas", Value: "3"}}},
				Network: &ir.BundleNetwork{Attrs: []ir.Attr{{Name: "ip-range-start", Value: "192.168.122.131"}},
					Ports: []*ir.PortMapping{{ID: "httpd-port-map-80", Port: "80"}, {ID: "httpd-port", Range: "8000-8010"}}},
				Storage: &ir.BundleStorage{Mappings: []*ir.StorageMapping{
					{ID: "httpd-storage-map", SourceDir: "/srv/html", TargetDir: "/var/www/html", Options: "rw"},
					{ID: "httpd-logs", SourceDirRoot: "/var/log/pacemaker/bundles", TargetDir: "/etc/httpd/logs"},
				}},
				Sets:  []*ir.NVSet{set(ir.MetaAttributes, "httpd-meta_attributes", "target-role", "Started")},
				Child: &ir.Primitive{ID: "httpd-rsc", Agent: ir.Agent{Class: "ocf", Provider: "heartbeat", Type: "apache"}}},
		},
	}},
	{"constraints", &ir.Config{
		Resources: dummies("ip", "www", "web-1", "a", "b", "c", "A", "B", "C", "D", "F", "G"),
		Constraints: []ir.Constraint{
			&ir.Location{ID: "prefer", Resource: "ip", Node: "node1", Score: score("200")},
			&ir.Location{ID: "ban", Resource: "ip", Node: "node2", Score: score("-INFINITY"), Discovery: "never"},
			&ir.Location{ID: "power", Resource: "ip", Rules: []*ir.Rule{
				{ID: "power-rule", Score: score("-INFINITY"), Terms: []ir.RuleTerm{expr("power-rule-expr", "cpu_mips", "lt", "3000")}}}},
			&ir.Location{ID: "pingd", Pattern: "web-(.*)", Role: ir.RolePromoted, Rules: []*ir.Rule{
				{ID: "pingd-rule", ScoreAttribute: "pingd", Terms: []ir.RuleTerm{expr("pingd-rule-expr", "pingd", "defined", "")}},
				{ID: "other", Score: score("+INFINITY"), BooleanOp: "or", Terms: []ir.RuleTerm{
					expr("other-expr", "#uname", "eq", "node1"), expr("other-expr-1", "#uname", "eq", "node2")}}}},
			&ir.Order{ID: "o1", First: "ip", Then: "www", FirstAction: ir.ActionStart, Kind: ir.KindOptional, Symmetrical: ir.NewBool(false)},
			&ir.Order{ID: "o2", Score: score("0"), Sets: []*ir.ResourceSet{
				{ID: "o2-set", Resources: []string{"a", "b"}, Sequential: ir.NewBool(false)},
				{ID: "custom", Resources: []string{"c"}, RequireAll: &ir.Bool{Value: true, Text: "1"}, Action: ir.ActionPromote},
			}},
			&ir.Colocation{ID: "c1", Dependent: "www", Primary: "ip", Score: score("INFINITY"), PrimaryRole: "Master"},
			&ir.Colocation{ID: "c2", Score: score("INFINITY"), Sets: []*ir.ResourceSet{
				{ID: "c2-set", Resources: []string{"F", "G"}},
				{ID: "c2-set-1", Resources: []string{"C", "D"}, Sequential: ir.NewBool(false)},
				{ID: "c2-set-2", Resources: []string{"A", "B"}, Role: ir.RolePromoted},
			}},
			&ir.Ticket{ID: "t1", Ticket: "ticketA", Resource: "ip", LossPolicy: "stop"},
		},
	}},
	{"other", &ir.Config{
		Resources: dummies("ip", "www", "dev1", "dev2", "dev3"),
		Sections:  []string{"fencing-topology", "alerts", "tags", "acls"},
		FencingLevels: []*ir.FencingLevel{
			{ID: "fl-node1-1", Target: "node1", Index: "1", Devices: "dev1,dev2"},
			{ID: "level2", TargetAttribute: "rack", TargetValue: "1", Index: "2", Devices: "dev3"},
		},
		Alerts: []*ir.Alert{{ID: "notify", Path: "/usr/bin/alert.sh",
			Sets: []*ir.NVSet{set(ir.MetaAttributes, "notify-meta_attributes", "timestamp-format", "%H:%M")},
			Select: &ir.AlertSelect{Nodes: true, Attributes: true, AttributeNames: []ir.AlertAttribute{
				{ID: ir.AlertAttributeID("notify", "standby"), Name: "standby"}, {ID: "watch-shutdown", Name: "shutdown"}}},
			Recipients: []*ir.AlertRecipient{{ID: "notify-recipient", Value: "/var/log/alerts"}, {ID: "r2", Value: "admin@example.com",
				Sets: []*ir.NVSet{set(ir.MetaAttributes, "r2-meta_attributes", "timeout", "10s")}}}}},
		Tags: []*ir.Tag{{ID: "web-tier", Refs: []string{"ip", "www"}}},
		ACLs: []ir.ACLEntry{
			&ir.ACLRole{ID: "ro", Permissions: []*ir.ACLPermission{{ID: "ro-permission", Kind: "read", XPath: "/cib"}}},
			&ir.ACLTarget{ID: "alice", Roles: []string{"ro"}},
			// Not tested: an ACL target's or group's name attribute, which the
			// compiler reads as the for_each instance name (reported).
			&ir.ACLGroup{ID: "admins", Roles: []string{"ro"}},
			&ir.ACLTarget{ID: "bob", Legacy: true, Permissions: []*ir.ACLPermission{
				{ID: "bob-permission", Kind: "write", Element: "write", XPath: "//resources"}}},
		},
	}},
	{"tricky-text", &ir.Config{
		Resources: []ir.Resource{
			&ir.Primitive{ID: "odd id with spaces", Description: "line one\nline \"two\"\ttab ${not_a_var} %{nor_a_directive} é",
				Agent: ir.Agent{Class: "lsb", Type: "/usr/lib/heartbeat/cts/LSBDummy"},
				Sets: []*ir.NVSet{set(ir.InstanceAttributes, "odd id with spaces-instance_attributes",
					"for", "1", "null", "null", "true", "false", "if", "-0", "n1", "1e5", "n2", "1.0", "n3", "-5",
					"with space", "x", "fail-count-rsc#monitor_10000", "2", "9lives", "v", "empty", "",
					"template", "${x}", "backslash", `C:\dir\`, "big", "123456789012345678901234567890")},
			},
		},
	}},
	{"edge-cases", &ir.Config{
		Sections: []string{"crm_config", "rsc_defaults", "nodes", "resources", "constraints", "tags"},
		Resources: []ir.Resource{
			&ir.Primitive{ID: "r1", Agent: ir.Agent{Class: "ocf", Provider: "pacemaker", Type: "Dummy"},
				Sets: []*ir.NVSet{
					{Kind: ir.InstanceAttributes, ID: "r1-instance_attributes", Pairs: []*ir.NVPair{
						{ID: "r1-instance_attributes-a", Name: "a", Value: sp("1")},
						{ID: "r1-a-again", Name: "a", Value: sp("2")},
					}},
					{Kind: ir.MetaAttributes, ID: "r1-meta_attributes", ChildAt: 1,
						Pairs: pairs("r1-meta_attributes", "target-role", "Stopped"),
						Rules: []*ir.Rule{{ID: "r1-meta_attributes-rule", Score: score("0"), BooleanOp: "or", Terms: []ir.RuleTerm{
							&ir.DateExpression{ID: "r1-meta_attributes-rule-expr", Operation: "date_spec",
								Spec: &ir.DateSpec{ID: "r1-meta_attributes-rule-expr-spec", Hours: "9-16", Weekdays: "1-5"}},
							&ir.Rule{ID: "r1-meta_attributes-rule-rule", Score: score("0"), BooleanOp: "and", Terms: []ir.RuleTerm{
								expr("r1-meta_attributes-rule-rule-expr", "#uname", "eq", "node1"),
								expr("r1-meta_attributes-rule-rule-expr-1", "rack", "ne", "2"),
							}},
						}}}},
				},
				ChildAt:    2,
				Operations: &ir.Operations{},
			},
			&ir.Primitive{ID: "r2", Agent: ir.Agent{Class: "ocf", Provider: "pacemaker", Type: "Dummy"},
				Sets: []*ir.NVSet{
					{Kind: ir.InstanceAttributes, ID: "r2-instance_attributes", Pairs: []*ir.NVPair{
						{Name: "a", IDRef: "r1-instance_attributes-a"},
					}},
					{Kind: ir.MetaAttributes, IDRef: "r1-meta_attributes"},
				}, ChildAt: 2},
		},
		Constraints: []ir.Constraint{
			&ir.Location{ID: "l1", Resource: "r1", Rules: []*ir.Rule{
				{ID: "l1-rule", Score: score("-INFINITY"), BooleanOp: "and", Terms: []ir.RuleTerm{expr("l1-rule-expr", "#kind", "ne", "remote")}},
				{ID: "l1-rule-1", Score: score("5")},
			}},
		},
	}},
}

// invalidIDCases are the golden cases that test the writer's quoting with
// ids the CIB schema refuses ("odd id with spaces", a pair named
// "#special" whose id is derived from its name).
var invalidIDCases = map[string]bool{"properties-and-nodes": true, "tricky-text": true}

// TestGoldenCompiles checks the writer against the compiler: each golden
// configuration, written as .pcl and compiled, is the same CIB.
func TestGoldenCompiles(t *testing.T) {
	dir := t.TempDir()
	for _, c := range goldenCases {
		src, err := Write(&ir.CIB{Config: c.cfg})
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		path := filepath.Join(dir, c.name+".pcl")
		if err := os.WriteFile(path, src, 0o644); err != nil {
			t.Fatal(err)
		}
		compiled, _, diags := compiler.Compile([]string{path}, compiler.Options{})
		if invalidIDCases[c.name] {
			// The schema refuses these ids, so the compiler must too
			// (and only for them): whatever compiles, crm_verify accepts.
			if !diags.HasErrors() {
				t.Errorf("%s: a policy with ids that are not XML IDs compiled", c.name)
			}
			for _, d := range diags {
				if d.Severity == hcl.DiagError && d.Summary != "Invalid id" {
					t.Errorf("%s: unexpected error %s: %s", c.name, d.Summary, d.Detail)
				}
			}
			continue
		}
		if diags.HasErrors() {
			t.Errorf("%s: the written policy does not compile: %s\n%s", c.name, diags.Error(), src)
			continue
		}
		var want, got bytes.Buffer
		if err := cibxml.WriteConfig(&want, c.cfg); err != nil {
			t.Fatal(err)
		}
		if err := cibxml.WriteConfig(&got, compiled.Config); err != nil {
			t.Fatal(err)
		}
		wrap := func(b []byte) []byte { return append(append([]byte("<cib>"), b...), "</cib>"...) }
		if ok, diff := xmlcompare.EqualConfig(wrap(want.Bytes()), wrap(got.Bytes())); !ok {
			t.Errorf("%s: compiled configuration differs:\n%s\n%s", c.name, diff, src)
		}
	}
}

// TestInexpressible checks that what the language cannot say is reported,
// never dropped silently.
func TestInexpressible(t *testing.T) {
	for _, c := range []struct {
		name string
		cfg  *ir.Config
		want string
	}{
		{"rules between pairs", &ir.Config{Resources: []ir.Resource{&ir.Primitive{ID: "p", Agent: ir.Agent{Class: "ocf", Provider: "pacemaker", Type: "Dummy"},
			Sets: []*ir.NVSet{{Kind: ir.MetaAttributes, ID: "p-meta_attributes", ChildAt: 1, Pairs: pairs("p-meta_attributes", "a", "1", "b", "2"),
				Rules: []*ir.Rule{{ID: "p-meta_attributes-rule", Terms: []ir.RuleTerm{expr("x", "a", "eq", "1")}}}}}}}},
			"rules between its name/value pairs"},
		{"instance attributes in rsc_defaults", &ir.Config{RscDefaults: []*ir.NVSet{{Kind: ir.InstanceAttributes, ID: "x"}}},
			"cannot be expressed"},
		{"location score without node", &ir.Config{Constraints: []ir.Constraint{&ir.Location{ID: "l", Resource: "r", Score: score("5"),
			Rules: []*ir.Rule{{ID: "l-rule", Terms: []ir.RuleTerm{expr("l-rule-expr", "a", "eq", "1")}}}}}},
			"score without a node"},
		{"operation without interval", &ir.Config{Resources: []ir.Resource{&ir.Primitive{ID: "p", Agent: ir.Agent{Class: "ocf", Provider: "pacemaker", Type: "Dummy"},
			Operations: &ir.Operations{Ops: []*ir.Op{{ID: "p-monitor", Name: "monitor"}}}}}},
			"without interval"},
	} {
		_, err := Write(&ir.CIB{Config: c.cfg})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
}

func TestWriteGolden(t *testing.T) {
	path := filepath.Join("testdata", "write.txtar")
	var got txtar.Archive
	got.Comment = []byte("Golden output of pclgen.Write for hand-built IR (go test -update rewrites it).\n")
	for _, c := range goldenCases {
		out, err := WriteOptions(&ir.CIB{Config: c.cfg}, Options{Source: c.name + ".xml"})
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		got.Files = append(got.Files, txtar.File{Name: c.name + ".pcl", Data: out})
	}
	if testenv.Update() {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, txtar.Format(&got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	wantFiles := map[string][]byte{}
	for _, f := range want.Files {
		wantFiles[f.Name] = f.Data
	}
	for _, f := range got.Files {
		if !bytes.Equal(wantFiles[f.Name], f.Data) {
			t.Errorf("%s differs from the golden file (run with -update and review the diff):\n%s", f.Name, f.Data)
		}
	}
}

func TestWriteDeterministic(t *testing.T) {
	for _, c := range goldenCases {
		a, _ := Write(&ir.CIB{Config: c.cfg})
		b, _ := Write(&ir.CIB{Config: c.cfg})
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two runs differ", c.name)
		}
	}
}
