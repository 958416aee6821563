package lsp

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestNeovim is the end-to-end test in a real editor: Neovim, headless,
// set up as docs/editors.md says (the shipped editors/nvim/pcl.lua, the
// pcl built from this tree on PATH), opens an example policy, types an error,
// and reads back the diagnostic and a hover on a resource. It is skipped
// where nvim is missing, and required with PCL_REQUIRE_EDITOR=1 (CI).
func TestNeovim(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		if os.Getenv("PCL_REQUIRE_EDITOR") == "1" {
			t.Fatal("PCL_REQUIRE_EDITOR=1 but nvim is not installed (apt-get install -y neovim)")
		}
		t.Skip("nvim is not installed (apt-get install -y neovim): the end-to-end editor test is skipped")
	}
	if testing.Short() {
		t.Skip("short: the editor test builds pcl and runs Neovim")
	}
	work := t.TempDir()
	bin := filepath.Join(work, "pcl")
	build := exec.Command("go", "build", "-o", bin, "pcl/cmd/pcl")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	policy := filepath.Join(work, "policy")
	if err := os.Mkdir(policy, 0o755); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("../examples/group-stickiness/policy.pcl")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(policy, "policy.pcl"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	// Set up as docs/editors.md tells a new user: pcl on PATH, the
	// configuration copied to ~/.config/nvim/lua/pcl.lua, and init.lua
	// requiring it, in a home of the test's own.
	home := filepath.Join(work, "home")
	luaDir := filepath.Join(home, ".config", "nvim", "lua")
	if err := os.MkdirAll(luaDir, 0o755); err != nil {
		t.Fatal(err)
	}
	config, err := os.ReadFile("../editors/nvim/pcl.lua")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(luaDir, "pcl.lua"), config, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, ".config", "nvim", "init.lua"), []byte("require(\"pcl\")\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	result := filepath.Join(work, "result.json")
	script := filepath.Join(work, "script.lua")
	if err := os.WriteFile(script, []byte(strings.ReplaceAll(nvimScript, "RESULT", result)), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(nvim, "--headless", "-c", "luafile "+script)
	cmd.Dir = policy
	cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"),
		"XDG_DATA_HOME="+filepath.Join(home, ".local", "share"), "XDG_STATE_HOME="+filepath.Join(home, ".local", "state"),
		"XDG_CACHE_HOME="+filepath.Join(home, ".cache"), "PATH="+work+string(os.PathListSeparator)+os.Getenv("PATH"))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("nvim: %v\n%s", err, out)
	}
	raw, err := os.ReadFile(result)
	if err != nil {
		t.Fatalf("nvim wrote no result: %v\n%s", err, out)
	}
	var got struct {
		Filetype    string
		Attached    bool
		Diagnostics []struct {
			Message string
			Lnum    int
		}
		Hover string
		Error string
	}
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatalf("%v: %s", err, raw)
	}
	if got.Error != "" {
		t.Fatalf("in nvim: %s\n%s", got.Error, out)
	}
	if got.Filetype != "pcl" || !got.Attached {
		t.Errorf("filetype %q, attached %v", got.Filetype, got.Attached)
	}
	found := false
	for _, d := range got.Diagnostics {
		if strings.Contains(d.Message, `"webservr"`) && strings.Contains(d.Message, `did you mean "webserver"`) {
			found = true
		}
	}
	if !found {
		t.Errorf("the typed error's diagnostic is not shown: %+v", got.Diagnostics)
	}
	if !strings.Contains(got.Hover, "webserver is placed on ace") {
		t.Errorf("hover on the group: %q", got.Hover)
	}
}

// nvimScript runs in Neovim: it waits for the server (vim.wait polls
// Neovim's event loop; its bounds only end a test that would hang), types
// a location with a misspelt resource, waits for its diagnostic, then
// hovers on the group's name and writes what it saw to RESULT.
const nvimScript = `
local result = {}
local function finish(err)
  result.error = err
  local f = io.open("RESULT", "w")
  f:write(vim.fn.json_encode(result))
  f:close()
  vim.cmd("qa!")
end

vim.cmd("edit policy.pcl")
local buf = vim.api.nvim_get_current_buf()
result.filetype = vim.bo[buf].filetype

local function client()
  for _, c in pairs(vim.lsp.buf_get_clients(buf)) do
    if c.name == "pcl" and c.initialized then return c end
  end
end
if not vim.wait(60000, function() return client() ~= nil end, 20) then
  return finish("the pcl client did not start")
end
result.attached = true

local n = vim.api.nvim_buf_line_count(buf)
vim.api.nvim_buf_set_lines(buf, n, n, false, {
  'location "typo" {',
  '  resource = "webservr"',
  '  node     = "ace"',
  '  score    = 10',
  '}',
})
if not vim.wait(60000, function() return #vim.diagnostic.get(buf) > 0 end, 20) then
  return finish("no diagnostic after typing the error")
end
result.diagnostics = {}
for _, d in ipairs(vim.diagnostic.get(buf)) do
  table.insert(result.diagnostics, { message = d.message, lnum = d.lnum })
end

-- Fix the error, then hover on the group's name (the line declaring it).
vim.api.nvim_buf_set_lines(buf, n + 1, n + 2, false, { '  resource = "webserver"' })
if not vim.wait(60000, function() return #vim.diagnostic.get(buf) == 0 end, 20) then
  local left = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do table.insert(left, d.message) end
  return finish("the diagnostic stayed after fixing the error: " .. table.concat(left, "; "))
end
local line
for i, l in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
  if l:match('^group "webserver"') then line = i - 1 end
end
local params = {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  position = { line = line, character = 8 },
}
-- Hover again while the answer says the plan is still running, as a
-- user would.
for _ = 1, 100 do
  local answers = vim.lsp.buf_request_sync(buf, "textDocument/hover", params, 60000)
  for _, a in pairs(answers or {}) do
    if a.result and a.result.contents then
      result.hover = a.result.contents.value
    end
  end
  if result.hover and not result.hover:match("Planning") then break end
  vim.wait(100)
end
finish(nil)
`
