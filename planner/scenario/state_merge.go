package scenario

import "pcl/ir"

// WithStatus is the dry run of a policy change: the configuration (and
// declared scenarios) of policy, planned against the state of a running
// cluster, live (a CIB dump with status, as `cibadmin --query` gives).
// The result takes live's <cib> attributes (have-quorum, dc-uuid,
// execution-date, ...) and status, and policy's configuration; neither
// input is modified and both are shared, read-only.
func WithStatus(policy, live *ir.CIB) *ir.CIB {
	out := &ir.CIB{Config: policy.Config, Scenarios: policy.Scenarios, Assertions: policy.Assertions}
	if live != nil {
		out.Attrs = append([]ir.Attr(nil), live.Attrs...)
		out.Status = live.Status
	}
	return out
}
