// The client of pcl's language server: it runs `pcl lsp` (the pcl.path
// setting, with pcl.args) over stdio for the .pcl files of the workspace.
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration("pcl");
  const command = config.get("path") || "pcl";
  const args = ["lsp", ...(config.get("args") || [])];
  const server = { command, args, transport: TransportKind.stdio };
  client = new LanguageClient(
    "pcl",
    "pcl language server",
    { run: server, debug: server },
    {
      documentSelector: [{ scheme: "file", language: "pcl" }],
      synchronize: {
        fileEvents: vscode.workspace.createFileSystemWatcher("**/*.pcl"),
      },
    }
  );
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration("pcl")) {
        vscode.window.showInformationMessage("pcl: reload the window to restart pcl lsp with the new settings.");
      }
    })
  );
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
