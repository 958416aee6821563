package agents

import (
	"os"
	"strings"
	"testing"
)

func TestParseIPaddr2(t *testing.T) {
	data, err := os.ReadFile("testdata/ocf_heartbeat_IPaddr2.xml")
	if err != nil {
		t.Fatal(err)
	}
	md, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	ip, ok := md.Parameter("ip")
	if !ok || !ip.Required || !ip.Unique || ip.Type != "string" {
		t.Errorf("ip = %+v, %v", ip, ok)
	}
	if p, _ := md.Parameter("cidr_netmask"); p.Required {
		t.Errorf("cidr_netmask is not required")
	}
	found := false
	for _, a := range md.Actions {
		if a.Name == "start" && a.Timeout == "20s" {
			found = true
		}
	}
	if !found {
		t.Errorf("no start action with timeout 20s: %+v", md.Actions)
	}
}

func TestDirSaveAndRead(t *testing.T) {
	data, _ := os.ReadFile("testdata/ocf_heartbeat_Dummy.xml")
	d := Dir(t.TempDir())
	if _, ok := d.Metadata("ocf:heartbeat:Dummy"); ok {
		t.Fatal("an empty directory knows an agent")
	}
	if err := d.Save("ocf:heartbeat:Dummy", data); err != nil {
		t.Fatal(err)
	}
	if md, ok := d.Metadata("ocf:heartbeat:Dummy"); !ok || md.Name != "Dummy" {
		t.Errorf("saved metadata not read back: %+v, %v", md, ok)
	}
	if _, ok := (Chain{Dir(t.TempDir()), d}).Metadata("ocf:heartbeat:Dummy"); !ok {
		t.Error("a chain does not ask its second source")
	}
}

func TestParseRefusesOther(t *testing.T) {
	if _, err := Parse([]byte("<cib/>")); err == nil {
		t.Error("a <cib> parsed as agent metadata")
	}
}

func TestDirAgents(t *testing.T) {
	got := strings.Join(Dir("testdata").Agents(), " ")
	if got != "ocf:heartbeat:Dummy ocf:heartbeat:IPaddr2 ocf:heartbeat:apache ocf:pacemaker:Stateful" {
		t.Errorf("agents %s", got)
	}
}

// The installed agents crm_resource lists, where it is installed.
func TestInstalledAgents(t *testing.T) {
	s := NewInstalled("")
	if s == nil {
		t.Skip("crm_resource is not installed")
	}
	list := s.Agents()
	for _, a := range list {
		if !strings.HasPrefix(a, "ocf:") && !strings.HasPrefix(a, "stonith:") {
			t.Errorf("agent %q is neither OCF nor fencing", a)
		}
	}
	t.Logf("%d agents", len(list))
}
