package lsp

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"pcl/agents"
	"pcl/compiler"
)

// Options configure a Server.
type Options struct {
	// Compile is how policies compile, as pcl check compiles them: its
	// Agents give resource agents' metadata for diagnostics, hover and
	// completion of agent parameters, its Target the release asked for on
	// the command line (the zero Target lets each policy choose). Overlay
	// is the server's: the open buffers.
	Compile compiler.Options
	// Debounce is how long diagnostics wait after an edit for the next
	// one; zero is 150 ms.
	Debounce time.Duration
	// PlanDelay is how long the plan of a compiled policy waits for the
	// edits to pause; zero is 500 ms.
	PlanDelay time.Duration
	// PlanWait is how long a hover on a resource waits for a plan under
	// way before it answers without one; zero is 300 ms.
	PlanWait time.Duration
	// Version is the server's version, for the client ("" says none).
	Version string
	// Now is the clock rules are evaluated with in hovers; nil is the
	// wall clock.
	Now func() time.Time
	// Log receives the server's own messages (stderr for pcl lsp); nil
	// discards them.
	Log io.Writer
}

// Server is one language server connection's state.
type Server struct {
	opts    Options
	handler protocol.Handler

	mu       sync.Mutex
	conn     *jsonrpc2.Conn
	docs     map[string]*document  // by path
	policies map[string]*policy    // by directory
	indexed  map[string]*fileIndex // by path: the last text indexed
	shutdown bool
}

// New makes a server.
func New(opts Options) *Server {
	if opts.Debounce == 0 {
		opts.Debounce = 150 * time.Millisecond
	}
	if opts.PlanDelay == 0 {
		opts.PlanDelay = 500 * time.Millisecond
	}
	if opts.PlanWait == 0 {
		opts.PlanWait = 300 * time.Millisecond
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	s := &Server{opts: opts, docs: map[string]*document{}, policies: map[string]*policy{}, indexed: map[string]*fileIndex{}}
	s.handler = protocol.Handler{
		Initialize:                     s.initialize,
		Initialized:                    func(*glsp.Context, *protocol.InitializedParams) error { return nil },
		Shutdown:                       s.shutdownRequest,
		Exit:                           func(*glsp.Context) error { return nil },
		SetTrace:                       func(*glsp.Context, *protocol.SetTraceParams) error { return nil },
		CancelRequest:                  func(*glsp.Context, *protocol.CancelParams) error { return nil },
		TextDocumentDidOpen:            s.didOpen,
		TextDocumentDidChange:          s.didChange,
		TextDocumentDidSave:            s.didSave,
		TextDocumentDidClose:           s.didClose,
		TextDocumentHover:              s.hover,
		TextDocumentDefinition:         s.definition,
		TextDocumentReferences:         s.references,
		TextDocumentRename:             s.rename,
		TextDocumentPrepareRename:      s.prepareRename,
		TextDocumentDocumentSymbol:     s.documentSymbol,
		TextDocumentCompletion:         s.completion,
		TextDocumentFormatting:         s.formatting,
		TextDocumentCodeAction:         s.codeAction,
		WorkspaceDidChangeWatchedFiles: s.didChangeWatchedFiles,
		WorkspaceDidChangeConfiguration: func(*glsp.Context, *protocol.DidChangeConfigurationParams) error {
			return nil
		},
	}
	return s
}

// Serve speaks the protocol on rwc until the client exits or the stream
// ends. The framing (Content-Length headers) is jsonrpc2's.
func (s *Server) Serve(ctx context.Context, rwc io.ReadWriteCloser) error {
	stream := jsonrpc2.NewBufferedStream(rwc, jsonrpc2.VSCodeObjectCodec{})
	conn := jsonrpc2.NewConn(ctx, stream, jsonrpc2.HandlerWithError(s.handle))
	s.mu.Lock()
	s.conn = conn
	s.mu.Unlock()
	select {
	case <-conn.DisconnectNotify():
	case <-ctx.Done():
		conn.Close()
	}
	s.stopTimers()
	return nil
}

// handle dispatches one request or notification to glsp's handler, in
// the order received.
func (s *Server) handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (result any, err error) {
	// A bug answering one request must not end the editor's session.
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(s.opts.Log, "pcl lsp: %s: internal error: %v\n", req.Method, r)
			result, err = nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: fmt.Sprintf("internal error: %v", r)}
		}
	}()
	gctx := &glsp.Context{
		Method: req.Method,
		Notify: func(method string, params any) { s.notify(method, params) },
		Call: func(method string, params any, result any) {
			if err := conn.Call(ctx, method, params, result); err != nil {
				fmt.Fprintf(s.opts.Log, "pcl lsp: %s: %v\n", method, err)
			}
		},
	}
	if req.Params != nil {
		gctx.Params = *req.Params
	}
	r, validMethod, validParams, err := s.handler.Handle(gctx)
	if req.Method == protocol.MethodExit {
		return nil, conn.Close()
	}
	switch {
	case !validMethod:
		if req.Notif {
			return nil, nil // notifications the server does not take are dropped
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: "method not supported: " + req.Method}
	case !validParams:
		msg := "invalid params"
		if err != nil {
			msg = err.Error()
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: msg}
	case err != nil:
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: err.Error()}
	}
	return r, nil
}

// notify sends a notification from any goroutine.
func (s *Server) notify(method string, params any) {
	s.mu.Lock()
	conn := s.conn
	s.mu.Unlock()
	if conn == nil {
		return
	}
	if err := conn.Notify(context.Background(), method, params); err != nil {
		fmt.Fprintf(s.opts.Log, "pcl lsp: %s: %v\n", method, err)
	}
}

func (s *Server) initialize(_ *glsp.Context, _ *protocol.InitializeParams) (any, error) {
	if l, ok := s.opts.Compile.Agents.(agents.Lister); ok {
		go l.Agents() // lists the installed agents (crm_resource) before a completion asks
	}
	caps := s.handler.CreateServerCapabilities()
	// Incremental: an edit of a large policy sends the change, not the
	// whole text (didChange applies both).
	incremental := protocol.TextDocumentSyncKindIncremental
	t := true
	caps.TextDocumentSync = &protocol.TextDocumentSyncOptions{OpenClose: &t, Change: &incremental, Save: &t}
	caps.RenameProvider = &protocol.RenameOptions{PrepareProvider: &t}
	caps.CompletionProvider = &protocol.CompletionOptions{TriggerCharacters: []string{"\"", "=", " ", "."}}
	caps.CodeActionProvider = &protocol.CodeActionOptions{CodeActionKinds: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix}}
	info := &protocol.InitializeResultServerInfo{Name: "pcl"}
	if s.opts.Version != "" {
		info.Version = &s.opts.Version
	}
	return protocol.InitializeResult{Capabilities: caps, ServerInfo: info}, nil
}

// shutdownRequest stops the compilations and plans to come; exit ends
// the connection.
func (s *Server) shutdownRequest(*glsp.Context) error {
	s.stopTimers()
	return nil
}

func (s *Server) didOpen(_ *glsp.Context, p *protocol.DidOpenTextDocumentParams) error {
	path := pathOf(p.TextDocument.URI)
	if path == "" {
		return nil
	}
	s.mu.Lock()
	s.docs[path] = &document{uri: p.TextDocument.URI, path: path, text: p.TextDocument.Text, version: p.TextDocument.Version}
	s.mu.Unlock()
	s.edited(path)
	return nil
}

func (s *Server) didChange(_ *glsp.Context, p *protocol.DidChangeTextDocumentParams) error {
	path := pathOf(p.TextDocument.URI)
	s.mu.Lock()
	d := s.docs[path]
	if d == nil {
		s.mu.Unlock()
		return nil
	}
	for _, c := range p.ContentChanges {
		switch c := c.(type) {
		case protocol.TextDocumentContentChangeEventWhole:
			d.text = c.Text
		case protocol.TextDocumentContentChangeEvent:
			if c.Range == nil {
				d.text = c.Text
				continue
			}
			from, to := offset(d.text, c.Range.Start), offset(d.text, c.Range.End)
			d.text = d.text[:from] + c.Text + d.text[to:]
		}
	}
	d.version = p.TextDocument.Version
	s.mu.Unlock()
	s.edited(path)
	return nil
}

func (s *Server) didSave(_ *glsp.Context, p *protocol.DidSaveTextDocumentParams) error {
	path := pathOf(p.TextDocument.URI)
	s.mu.Lock()
	if d := s.docs[path]; d != nil && p.Text != nil {
		d.text = *p.Text
	}
	s.mu.Unlock()
	s.edited(path)
	return nil
}

func (s *Server) didClose(_ *glsp.Context, p *protocol.DidCloseTextDocumentParams) error {
	path := pathOf(p.TextDocument.URI)
	s.mu.Lock()
	delete(s.docs, path)
	s.mu.Unlock()
	// The file on the disk is the policy's again.
	s.edited(path)
	return nil
}

// didChangeWatchedFiles compiles again the policies whose files changed
// on the disk (created, saved by another program, deleted).
func (s *Server) didChangeWatchedFiles(_ *glsp.Context, p *protocol.DidChangeWatchedFilesParams) error {
	for _, c := range p.Changes {
		if path := pathOf(c.URI); strings.HasSuffix(path, ".pcl") {
			s.edited(path)
		}
	}
	return nil
}

// policyOf is the policy of the directory of path, made on first use.
func (s *Server) policyOf(path string) *policy {
	dir := filepath.Dir(path)
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.policies[dir]
	if p == nil {
		p = newPolicy(s, dir)
		s.policies[dir] = p
	}
	return p
}

func (s *Server) stopTimers() {
	s.mu.Lock()
	ps := make([]*policy, 0, len(s.policies))
	for _, p := range s.policies {
		ps = append(ps, p)
	}
	s.mu.Unlock()
	for _, p := range ps {
		p.stop()
	}
}
