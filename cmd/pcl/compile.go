package main

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"pcl/agents"
	"pcl/compiler"
	"pcl/emit/cibxml"
)

func init() {
	register(command{
		name:    "compile",
		usage:   "INPUT... [-o FILE] [--var name=value]...",
		summary: "compile a .pcl policy to CIB XML",
		setup: func(fs *pflag.FlagSet) func(*env, []string) int {
			out := fs.StringP("output", "o", "", "write the CIB to `FILE` (atomically) instead of stdout")
			vars := fs.StringArray("var", nil, "set variable `name=value` (value read as an HCL expression, else as a string)")
			agent := registerAgentFlags(fs)
			version := pacemakerFlag(fs)
			return func(e *env, args []string) int {
				if len(args) == 0 {
					fmt.Fprintln(e.stderr, "pcl compile: expected at least one .pcl file or directory")
					return exitUsage
				}
				opts, ok := compileOptions(e, "compile", *vars, agent, *version)
				if !ok {
					return exitUsage
				}
				return runCompile(e, args, *out, opts)
			}
		},
	})
}

// agentFlags are --agent-metadata and --strict-agents.
type agentFlags struct {
	dir    string
	strict bool
}

// registerAgentFlags registers the flags that say which agents' metadata
// primitives are checked against, and how strictly.
func registerAgentFlags(fs *pflag.FlagSet) *agentFlags {
	f := &agentFlags{}
	fs.StringVar(&f.dir, "agent-metadata", "", "check primitives against resource agents' metadata saved in `DIR`; "+
		"agents installed here (crm_resource --show-metadata) are checked anyway, and their metadata is saved to DIR")
	fs.BoolVar(&f.strict, "strict-agents", false, "a required agent parameter that is not set is an error, not a warning: "+
		"for agents' metadata known to be the cluster's (pcl run on a cluster node, or --agent-metadata saved there)")
	return f
}

// compileOptions parses --var name=value flags and wires the agents'
// metadata: saved in agentDir, else from the agents installed here. Its
// commands, compile and check, judge the policy as a cluster's whole
// configuration.
func compileOptions(e *env, cmd string, vars []string, agent *agentFlags, version string) (compiler.Options, bool) {
	opts := compiler.Options{Vars: map[string]string{}, ForCluster: true, StrictAgents: agent.strict}
	agentDir := agent.dir
	v, err := parsePacemakerFlag(version)
	if err != nil {
		fmt.Fprintf(e.stderr, "pcl %s: --pacemaker: %v\n", cmd, err)
		return opts, false
	}
	opts.Target = flagTarget(v)
	var chain agents.Chain
	if agentDir != "" {
		chain = append(chain, agents.Dir(agentDir))
	}
	if installed := agents.NewInstalled(agents.Dir(agentDir)); installed != nil {
		installed.OnSaveError = func(err error) {
			fmt.Fprintf(e.stderr, "pcl %s: --agent-metadata: cannot save agent metadata: %v\n", cmd, err)
		}
		chain = append(chain, installed)
	}
	if len(chain) > 0 {
		opts.Agents = chain
	}
	for _, v := range vars {
		name, value, ok := strings.Cut(v, "=")
		if !ok || name == "" {
			fmt.Fprintf(e.stderr, "pcl %s: --var %q: expected name=value\n", cmd, v)
			return opts, false
		}
		opts.Vars[name] = value
	}
	return opts, true
}

func runCompile(e *env, paths []string, out string, opts compiler.Options) int {
	cib, files, diags := compiler.Compile(paths, opts)
	printDiags(e.stderr, files, diags)
	if diags.HasErrors() || cib == nil {
		return exitDiags
	}
	var buf bytes.Buffer
	if err := cibxml.Write(&buf, cib); err != nil {
		fmt.Fprintf(e.stderr, "pcl compile: %v\n", err)
		return exitDiags
	}
	if err := writeOutput(e, out, buf.Bytes()); err != nil {
		fmt.Fprintf(e.stderr, "pcl compile: %v\n", err)
		return exitDiags
	}
	return exitOK
}
