package main

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"pcl/lsp"
)

func init() {
	register(command{
		name:    "lsp",
		usage:   "[--agent-metadata DIR] [--pacemaker VERSION] [--var name=value]...",
		summary: "run the language server for .pcl over stdin and stdout (for editors)",
		setup: func(fs *pflag.FlagSet) func(*env, []string) int {
			agent := registerAgentFlags(fs)
			vars := fs.StringArray("var", nil, "set variable `name=value` for every policy")
			version := pacemakerFlag(fs)
			return func(e *env, args []string) int {
				if len(args) != 0 {
					fmt.Fprintln(e.stderr, "pcl lsp: takes no arguments; the editor sends the files")
					return exitUsage
				}
				opts, ok := compileOptions(e, "lsp", *vars, agent, *version)
				if !ok {
					return exitUsage
				}
				if e.stdin == nil {
					fmt.Fprintln(e.stderr, "pcl lsp: no standard input to read the editor's requests from")
					return exitUsage
				}
				srv := lsp.New(lsp.Options{Compile: opts, Log: e.stderr, Version: buildVersion()})
				if err := srv.Serve(context.Background(), stdio{e.stdin, e.stdout}); err != nil {
					fmt.Fprintf(e.stderr, "pcl lsp: %v\n", err)
					return exitDiags
				}
				return exitOK
			}
		},
	})
}

// stdio is the editor's end of the connection: the server reads stdin
// and writes stdout; closing it closes neither (the process exits).
type stdio struct {
	io.Reader
	io.Writer
}

func (stdio) Close() error { return nil }
