package lsp

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

func dirOf(path string) string { return filepath.Dir(path) }

// lspDiagnostics converts a compilation's diagnostics to LSP's, by file:
// every file compiled and every open buffer of dir has an entry. A
// diagnostic without a range (the policy as a whole) goes to the open
// buffers, at their start.
func (s *Server) lspDiagnostics(dir string, c *compiled) map[string][]protocol.Diagnostic {
	out := map[string][]protocol.Diagnostic{}
	for path := range c.files {
		out[path] = nil
	}
	s.mu.Lock()
	var open []string
	for path := range s.docs {
		if dirOf(path) == dir {
			open = append(open, path)
			out[path] = nil
		}
	}
	s.mu.Unlock()
	for _, d := range c.diags {
		ld := s.diagnostic(c, d)
		if d.Subject == nil || d.Subject.Filename == "" {
			for _, path := range open {
				out[path] = append(out[path], ld)
			}
			continue
		}
		out[d.Subject.Filename] = append(out[d.Subject.Filename], ld)
	}
	return out
}

// textIn is the source of path as compiled, else as the server has it.
func (s *Server) textIn(c *compiled, path string) string {
	if c != nil {
		if f := c.files[path]; f != nil && f.Bytes != nil {
			return string(f.Bytes)
		}
	}
	return s.textOf(path)
}

func (s *Server) diagnostic(c *compiled, d *hcl.Diagnostic) protocol.Diagnostic {
	sev := protocol.DiagnosticSeverityError
	if d.Severity == hcl.DiagWarning {
		sev = protocol.DiagnosticSeverityWarning
	}
	source := "pcl"
	msg := d.Summary
	if d.Detail != "" {
		msg += ": " + d.Detail
	}
	ld := protocol.Diagnostic{Severity: &sev, Source: &source, Message: msg}
	if d.Subject != nil {
		ld.Range = rangeOf(s.textIn(c, d.Subject.Filename), *d.Subject)
	}
	ld.RelatedInformation = s.related(c, d)
	return ld
}

// mentioned finds the places a diagnostic's detail names as file:line:col
// (how the compiler says where a duplicate's first definition is).
var mentioned = regexp.MustCompile(`(\S+\.pcl):(\d+):(\d+)`)

// related is the places the detail of d names, as related information:
// "A primitive named "x" was already declared at a.pcl:3:1" points at
// a.pcl:3:1, to the end of the word there.
func (s *Server) related(c *compiled, d *hcl.Diagnostic) []protocol.DiagnosticRelatedInformation {
	var out []protocol.DiagnosticRelatedInformation
	for _, m := range mentioned.FindAllStringSubmatch(d.Detail, -1) {
		path := m[1]
		if !filepath.IsAbs(path) {
			continue
		}
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		text := s.textIn(c, path)
		if text == "" {
			continue
		}
		start := byteAt(text, line, col)
		end := start
		for end < len(text) && text[end] != '\n' && text[end] != '{' {
			end++
		}
		for end > start && text[end-1] == ' ' {
			end--
		}
		out = append(out, protocol.DiagnosticRelatedInformation{
			Location: protocol.Location{URI: uriOf(path), Range: protocol.Range{Start: position(text, start), End: position(text, end)}},
			Message:  relatedMessage(d),
		})
	}
	return out
}

// publishFile sends one file's diagnostics (an empty list clears them).
func (s *Server) publishFile(path string, ds []protocol.Diagnostic) {
	if ds == nil {
		ds = []protocol.Diagnostic{}
	}
	params := protocol.PublishDiagnosticsParams{URI: s.uriFor(path), Diagnostics: ds}
	s.mu.Lock()
	if d := s.docs[path]; d != nil {
		v := protocol.UInteger(d.version)
		params.Version = &v
	}
	s.mu.Unlock()
	s.notify(protocol.ServerTextDocumentPublishDiagnostics, params)
}

// uriFor is the URI of path: the open buffer's as the client sent it.
func (s *Server) uriFor(path string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d := s.docs[path]; d != nil {
		return d.uri
	}
	return uriOf(path)
}

func relatedMessage(d *hcl.Diagnostic) string {
	if strings.HasPrefix(d.Summary, "Duplicate") {
		return "first definition"
	}
	return "named by: " + d.Summary
}
