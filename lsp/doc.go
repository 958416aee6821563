// Package lsp is pcl's language server (pcl lsp): the Language Server
// Protocol over a stream, for a workspace of policy directories.
//
// It owns what an editor asks of a policy being edited: diagnostics of
// the open, unsaved buffers (the policy directory of a file compiled with
// compiler.Options.Overlay, debounced, published per file, a duplicate's
// diagnostic pointing at the first definition), the outline, go to
// definition, references and rename of the names a policy declares
// (index.go, from the syntax, so it works while the policy has errors),
// hover (a resource's placement and scores in the healthy cluster, planned
// in the background; an option's or meta attribute's metadata for the
// target release; an agent parameter's metadata; how a rule evaluates
// now, rules.go), completion, formatting
// (dsl.Format, pcl fmt's rules) and code actions (did-you-mean, missing
// required agent parameters).
//
// The protocol's types and dispatch are github.com/tliron/glsp's, the
// JSON-RPC framing github.com/sourcegraph/jsonrpc2's: this package writes
// no framing. Requests are answered in order on the connection's goroutine
// and never wait for a compilation or a plan: those run on their own
// goroutines and answers use the latest finished one.
//
// It does not compile, plan or render anything itself: compiler, planner
// and emit/scores do, as for the command line.
package lsp
