package importer_test

import (
	"testing"

	"pcl/importer"
)

// TestStatusTyped checks the typed status fields against their attributes.
func TestStatusTyped(t *testing.T) {
	src := `<cib validate-with="pacemaker-3.7" epoch="1" num_updates="0" admin_epoch="0">
  <configuration><crm_config/><nodes/><resources/><constraints/></configuration>
  <status>
    <node_state id="1" uname="n1" in_ccm="true" crmd="online" join="member" expected="member" remote_node="true" shutdown="1600000000">
      <transient_attributes id="1">
        <instance_attributes id="status-1">
          <nvpair id="status-1-fail-count-web.monitor_10000" name="fail-count-web#monitor_10000" value="INFINITY"/>
        </instance_attributes>
      </transient_attributes>
      <lrm id="1">
        <lrm_resources>
          <lrm_resource id="web" class="ocf" provider="heartbeat" type="apache" shutdown-lock="1600000001">
            <lrm_rsc_op id="web_monitor_10000" operation_key="web_monitor_10000" operation="monitor" crm_feature_set="3.0.9"
              transition-key="4:1:0:abc" transition-magic="0:7;4:1:0:abc" exit-reason="not running" on_node="n1"
              call-id="-1" rc-code="7" op-status="0" interval="10000" last-rc-change="1500000000" last-run="1500000001"
              exec-time="12" queue-time="3" op-digest="d1" op-restart-digest="d2" op-secure-digest="d3"
              migrate_source="n1" migrate_target="n2"/>
          </lrm_resource>
        </lrm_resources>
      </lrm>
    </node_state>
    <tickets><ticket_state id="t1" granted="yes" standby="false" last-granted="1400000000"/></tickets>
  </status>
</cib>`
	cib, diags := importer.Read("s.xml", []byte(src))
	if diags.HasErrors() || len(diags) > 0 {
		t.Fatal(diags.Error())
	}
	n := cib.Status.Nodes[0]
	if n.ID != "1" || n.Uname != "n1" || n.InCCM != "true" || n.Crmd != "online" || n.Join != "member" ||
		n.Expected != "member" || !n.RemoteNode || n.Shutdown != "1600000000" || n.TransientID != "1" || n.LRMID != "1" {
		t.Errorf("node state: %+v", n)
	}
	if len(n.Transient) != 1 || n.Transient[0].Pairs[0].Name != "fail-count-web#monitor_10000" {
		t.Errorf("transient attributes: %+v", n.Transient)
	}
	h := n.Resources[0]
	if h.ID != "web" || h.Class != "ocf" || h.Provider != "heartbeat" || h.Type != "apache" || h.ShutdownLock != 1600000001 {
		t.Errorf("resource history: %+v", h)
	}
	op := h.Ops[0]
	if op.Operation != "monitor" || op.OperationKey != "web_monitor_10000" || op.IntervalMs != 10000 || op.CallID != -1 ||
		op.RCCode != 7 || op.OpStatus != 0 || op.LastRCChange != 1500000000 || op.LastRun != 1500000001 ||
		op.ExecTime != 12 || op.QueueTime != 3 || op.ExitReason != "not running" || op.TransitionKey != "4:1:0:abc" ||
		op.TransitionMagic != "0:7;4:1:0:abc" || op.OnNode != "n1" || op.MigrateSource != "n1" || op.MigrateTarget != "n2" ||
		op.OpDigest != "d1" || op.OpRestartDigest != "d2" || op.OpSecureDigest != "d3" || op.CRMFeatureSet != "3.0.9" {
		t.Errorf("op record: %+v", op)
	}
	tk := cib.Status.Tickets[0]
	if tk.ID != "t1" || !tk.Granted || tk.Standby || tk.LastGranted != 1400000000 || cib.Status.TicketsAt != 1 {
		t.Errorf("ticket: %+v, TicketsAt %d", tk, cib.Status.TicketsAt)
	}
}
