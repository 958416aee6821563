package lsp

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"
)

var update = flag.Bool("update", false, "rewrite the goldens of testdata/*.txtar with the answers got")

// client is the editor's end of an in-process connection to a Server.
type client struct {
	t    testing.TB
	srv  *Server
	conn *jsonrpc2.Conn
	dir  string

	mu      sync.Mutex
	diags   map[string]json.RawMessage // the latest publishDiagnostics per URI
	version map[string]int32
	// initialized is the server's answer to initialize.
	initialized json.RawMessage
	// published receives the URI and version of every publication.
	published chan publication
}

type publication struct {
	uri     string
	version int32
}

func newClient(t testing.TB, dir string, opts Options) *client {
	t.Helper()
	if opts.Debounce == 0 {
		opts.Debounce = time.Millisecond
	}
	if opts.PlanWait == 0 {
		opts.PlanWait = time.Minute
	}
	if opts.PlanDelay == 0 {
		opts.PlanDelay = time.Millisecond
	}
	srv := New(opts)
	a, b := net.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		srv.Serve(ctx, a)
		close(done)
	}()
	c := &client{t: t, srv: srv, dir: dir, diags: map[string]json.RawMessage{}, version: map[string]int32{},
		published: make(chan publication, 1024)}
	c.conn = jsonrpc2.NewConn(ctx, jsonrpc2.NewBufferedStream(b, jsonrpc2.VSCodeObjectCodec{}),
		jsonrpc2.HandlerWithError(func(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
			if req.Method == "textDocument/publishDiagnostics" && req.Params != nil {
				var p struct {
					URI     string `json:"uri"`
					Version int32  `json:"version"`
				}
				json.Unmarshal(*req.Params, &p)
				c.mu.Lock()
				c.diags[p.URI] = append(json.RawMessage(nil), *req.Params...)
				c.mu.Unlock()
				select {
				case c.published <- publication{p.URI, p.Version}:
				default: // nobody waits
				}
			}
			return nil, nil
		}))
	t.Cleanup(func() {
		c.conn.Close()
		cancel()
		<-done
	})
	c.call("initialize", map[string]any{"processId": nil, "rootUri": uriOf(dir), "capabilities": map[string]any{}}, &c.initialized)
	c.notify("initialized", map[string]any{})
	return c
}

func (c *client) call(method string, params, result any) {
	c.t.Helper()
	if err := c.conn.Call(context.Background(), method, params, result); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *client) uri(name string) string { return uriOf(filepath.Join(c.dir, name)) }

func (c *client) open(name, text string) {
	c.version[name] = 1
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": c.uri(name), "languageId": "pcl", "version": 1, "text": text}})
}

func (c *client) change(name, text string) {
	c.version[name]++
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": c.uri(name), "version": c.version[name]},
		"contentChanges": []any{map[string]any{"text": text}}})
}

// settle waits until the server has compiled and planned every edit sent
// and the client has read what it published (a request answered after
// the notifications sent before it).
func (c *client) settle() {
	c.t.Helper()
	c.roundTrip() // the server has read the edits sent
	for {
		busy := false
		c.srv.mu.Lock()
		for _, p := range c.srv.policies {
			if !p.idle() {
				busy = true
			}
		}
		c.srv.mu.Unlock()
		if !busy {
			break
		}
		time.Sleep(2 * time.Millisecond)
	}
	c.roundTrip()
}

// roundTrip makes a request: when its answer is read, the server has
// read every message sent before it and the client every one the server
// sent before answering.
func (c *client) roundTrip() {
	var ignored any
	c.call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": c.uri("none.pcl")}}, &ignored)
}

// diagnostics are the latest published diagnostics, by URI.
func (c *client) diagnostics() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	uris := make([]string, 0, len(c.diags))
	for u := range c.diags {
		uris = append(uris, u)
	}
	sort.Strings(uris)
	var b strings.Builder
	for _, u := range uris {
		b.WriteString(indent(c.diags[u]))
		b.WriteString("\n")
	}
	return b.String()
}

// indent renders an answer for a golden: indented JSON with every range
// written LINE:COL-LINE:COL (1-based, as editors show them).
func indent(raw []byte) string {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return string(raw)
	}
	b, err := json.MarshalIndent(compactRanges(v), "", "  ")
	if err != nil {
		return string(raw)
	}
	return string(b)
}

func compactRanges(v any) any {
	switch v := v.(type) {
	case map[string]any:
		if len(v) == 2 && v["start"] != nil && v["end"] != nil {
			s, ok1 := v["start"].(map[string]any)
			e, ok2 := v["end"].(map[string]any)
			if ok1 && ok2 {
				return fmt.Sprintf("%v:%v-%v:%v", s["line"].(float64)+1, s["character"].(float64)+1,
					e["line"].(float64)+1, e["character"].(float64)+1)
			}
		}
		for k, x := range v {
			v[k] = compactRanges(x)
		}
	case []any:
		for i, x := range v {
			v[i] = compactRanges(x)
		}
	}
	return v
}

// pos reads LINE:COL (1-based, COL in bytes).
func pos(t *testing.T, s string) map[string]any {
	t.Helper()
	l, col, ok := strings.Cut(s, ":")
	line, err1 := strconv.Atoi(l)
	ch, err2 := strconv.Atoi(col)
	if !ok || err1 != nil || err2 != nil {
		t.Fatalf("position %q: want LINE:COL", s)
	}
	return map[string]any{"line": line - 1, "character": ch - 1}
}

// waitPublished waits for the diagnostics of name at its latest version.
func (c *client) waitPublished(name string) {
	uri, v := c.uri(name), c.version[name]
	for p := range c.published {
		if p.uri == uri && p.version == v {
			return
		}
	}
}

// insert sends an incremental change: text inserted at line:char (0-based).
func (c *client) insert(name string, line, char int, text string) {
	c.version[name]++
	at := map[string]any{"line": line, "character": char}
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": c.uri(name), "version": c.version[name]},
		"contentChanges": []any{map[string]any{"range": map[string]any{"start": at, "end": at}, "text": text}}})
}
