-- pcl's language server in Neovim (0.7 or later), with no plugin.
--
-- Install: copy this file to ~/.config/nvim/lua/pcl.lua and add
--   require("pcl")
-- to ~/.config/nvim/init.lua (or run `:luafile /path/to/pcl.lua` to try
-- it). It needs `pcl` on PATH; to run another one, or with flags, set
--   vim.g.pcl_lsp_cmd = { "/path/to/pcl", "lsp", "--agent-metadata", "DIR" }
-- before it is loaded.
--
-- Every *.pcl buffer gets the filetype pcl and is attached to one
-- `pcl lsp` process for the whole session, which compiles the policy
-- directory of each open file with its unsaved buffers.

local group = vim.api.nvim_create_augroup("pcl", { clear = true })

vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, {
  group = group,
  pattern = "*.pcl",
  command = "setfiletype pcl",
})

local client_id = nil

-- The usual keys for what the server answers (Neovim 0.7 sets none).
local function on_attach(_, buf)
  local function map(keys, fn)
    vim.keymap.set("n", keys, fn, { buffer = buf, silent = true })
  end
  map("K", vim.lsp.buf.hover)
  map("gd", vim.lsp.buf.definition)
  map("gr", vim.lsp.buf.references)
  map("<leader>rn", vim.lsp.buf.rename)
  map("<leader>ca", vim.lsp.buf.code_action)
  map("<leader>f", function()
    if vim.lsp.buf.format then
      vim.lsp.buf.format({ async = false }) -- Neovim 0.8 and later
    else
      vim.lsp.buf.formatting_sync()
    end
  end)
  vim.bo[buf].omnifunc = "v:lua.vim.lsp.omnifunc"
end

vim.api.nvim_create_autocmd("FileType", {
  group = group,
  pattern = "pcl",
  callback = function(args)
    vim.bo[args.buf].commentstring = "# %s"
    if client_id == nil or vim.lsp.get_client_by_id(client_id) == nil then
      client_id = vim.lsp.start_client({
        name = "pcl",
        cmd = vim.g.pcl_lsp_cmd or { "pcl", "lsp" },
        root_dir = vim.fn.getcwd(),
        on_attach = on_attach,
      })
    end
    if client_id ~= nil then
      vim.lsp.buf_attach_client(args.buf, client_id)
    end
  end,
})
