// Package lsp is pcl's language server (pcl lsp): the Language Server
// Protocol over a stream, for a workspace of policy directories.
//
// It owns what an editor asks of a policy being edited:
//
//   - diagnostics of the open, unsaved buffers (policy.go, diagnostics.go):
//     the policy directory of an edited file compiled with
//     compiler.Options.Overlay after the edits pause, published per file,
//     a duplicate's diagnostic pointing at the first definition;
//   - the outline, go to definition, references and rename of the names a
//     policy declares (index.go, navigation.go), from the syntax, so that
//     they work while the policy has errors;
//   - hover (hover.go, rules.go, ops.go): a resource's placement and scores
//     in the healthy cluster (planned in the background when the edits
//     pause, explained by emit/scores), a cluster option's or meta
//     attribute's metadata for the target release, an agent parameter's
//     and an operation's agent metadata, how a rule evaluates now;
//   - completion (completion.go, scan.go: what encloses the cursor, found
//     by scanning text that rarely parses while it is typed), formatting
//     (dsl.Format, pcl fmt's rules) and quick fixes (codeaction.go: every
//     did-you-mean, a required agent parameter left out).
//
// The protocol's types and dispatch are github.com/tliron/glsp's, the
// JSON-RPC framing github.com/sourcegraph/jsonrpc2's: this package writes
// no framing. Requests are answered in order on the connection's
// goroutine; compilations and plans run on their own goroutines and
// answers use the latest finished one (a hover on a resource waits at most
// Options.PlanWait for a plan under way), so typing never waits for them.
//
// It does not compile, plan or render by rules of its own: compiler,
// planner and emit/scores do, as for the command line.
package lsp
