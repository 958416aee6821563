package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/hashicorp/hcl/v2"

	"pcl/cibdiff"
	"pcl/importer"
	"pcl/ir"
)

// liveName is how the running cluster's CIB is named in diagnostics and
// reports.
func liveName() string {
	if f := os.Getenv("CIB_file"); f != "" {
		return "live CIB (CIB_file=" + f + ")"
	}
	return "live CIB"
}

// clusterTool finds a Pacemaker command-line tool, which Debian installs
// in /usr/sbin (not on every user's PATH).
func clusterTool(name string) string {
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	for _, dir := range []string{"/usr/sbin", "/sbin"} {
		if _, err := os.Stat(dir + "/" + name); err == nil {
			return dir + "/" + name
		}
	}
	return name
}

// clusterTimeout bounds every call of a cluster tool: they wait forever
// on a cluster that is starting or gone.
const clusterTimeout = 60 * time.Second

// runTool runs a Pacemaker tool with stdin, returning its stdout, and its
// stderr in the error when it fails. CIB_file passes through the
// environment, so every tool works on a file the same way.
func runTool(stdin []byte, name string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), clusterTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, clusterTool(name), args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(errb.String())
		if msg == "" {
			msg = err.Error()
		}
		return out.Bytes(), fmt.Errorf("%s %s: %s", name, strings.Join(args, " "), msg)
	}
	return out.Bytes(), nil
}

// readLive reads the running cluster's whole CIB (configuration and
// status) with cibadmin --query, and the raw XML.
func readLive() (*ir.CIB, []byte, map[string]*hcl.File, hcl.Diagnostics) {
	name := liveName()
	src, err := runTool(nil, "cibadmin", "--query")
	if err != nil {
		return nil, nil, nil, hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "Cannot read the live CIB",
			Detail:   fmt.Sprintf("Reading the running cluster's CIB failed (%v). Is the cluster running and are you root or in the haclient group? Set CIB_file=FILE to read a CIB file instead.", err),
		}}
	}
	files := map[string]*hcl.File{name: {Bytes: src}}
	cib, diags := importer.Read(name, src)
	return cib, src, files, diags
}

// forLive is policy as it is to be written to the cluster whose CIB is
// live (cibdiff.ForLive): diff --live shows what apply writes.
func forLive(live, policy *ir.CIB) *ir.CIB {
	return &ir.CIB{Attrs: policy.Attrs, Config: cibdiff.ForLive(live, policy), Scenarios: policy.Scenarios, Assertions: policy.Assertions}
}
