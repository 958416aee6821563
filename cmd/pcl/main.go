package main

import (
	"fmt"
	"io"
	"os"
	"pcl/pcmk"
	"runtime/debug"
	"sort"

	"github.com/spf13/pflag"
)

// Exit codes of the command-line contract.
const (
	exitOK    = 0
	exitDiags = 1 // the input has errors
	exitUsage = 2 // the command line is wrong
	// exitDiffers (3, diff --exit-code) and exitNotAsPredicted (4, apply
	// --wait) are in diff.go and apply.go.
)

// command is one `pcl <name>` subcommand.
type command struct {
	name    string
	usage   string // arguments after the name, for the usage line
	summary string
	// flags declares the command's flags on fs; run is then called with
	// the positional arguments.
	setup func(fs *pflag.FlagSet) func(env *env, args []string) int
}

var commands = map[string]command{}

func register(c command) {
	if _, dup := commands[c.name]; dup {
		panic("pcl: command registered twice: " + c.name)
	}
	commands[c.name] = c
}

// env is what a command may touch of the outside world.
type env struct {
	stdout, stderr io.Writer
	// stdin answers apply's question; nil answers nothing.
	stdin io.Reader
}

func main() {
	tuneGC()
	stopProfiles := startProfiles(os.Stderr)
	code := run(os.Args[1:], &env{stdout: os.Stdout, stderr: os.Stderr, stdin: os.Stdin})
	stopProfiles()
	os.Exit(code)
}

func run(args []string, e *env) int {
	if len(args) == 0 {
		printUsage(e.stderr)
		return exitUsage
	}
	switch args[0] {
	case "-h", "--help", "help":
		// Asked for: the answer is the output, on stdout.
		printUsage(e.stdout)
		return exitOK
	case "--version", "version":
		printVersion(e.stdout)
		return exitOK
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(e.stderr, "pcl: unknown command %q\n\n", args[0])
		printUsage(e.stderr)
		return exitUsage
	}
	fs := pflag.NewFlagSet("pcl "+c.name, pflag.ContinueOnError)
	fs.SetOutput(e.stderr)
	// pflag would print the flags on every parse error; the error line
	// below says what is wrong, and --help prints them on stdout.
	fs.Usage = func() {}
	runCmd := c.setup(fs)
	if err := fs.Parse(args[1:]); err != nil {
		if err == pflag.ErrHelp {
			fmt.Fprintf(e.stdout, "usage: pcl %s %s\n\n%s\n\nflags:\n", c.name, c.usage, c.summary)
			fs.SetOutput(e.stdout)
			fs.PrintDefaults()
			return exitOK
		}
		// pflag says nothing with ContinueOnError: print its error and
		// where to look.
		fmt.Fprintf(e.stderr, "pcl %s: %v\nusage: pcl %s %s (run 'pcl %s --help' for the flags)\n", c.name, err, c.name, c.usage, c.name)
		return exitUsage
	}
	return runCmd(e, fs.Args())
}

func printUsage(w io.Writer) {
	fmt.Fprintln(w, "usage: pcl <command> [flags] INPUT...")
	fmt.Fprintln(w, "\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'pcl <command> --help' for a command's flags, 'pcl --version' for the Pacemaker releases pcl models.")
}

// printVersion says which pcl this is (the module version and the
// commit it was built from, when the build recorded them) and which
// Pacemaker releases it models.
func printVersion(w io.Writer) {
	fmt.Fprintf(w, "pcl %s\n", buildVersion())
	fmt.Fprintf(w, "Models Pacemaker 2.1.5 and 3.0 (one behaviour covers 2.1.8 to 3.0.2) exactly; other releases are planned with the nearest of those, and the output says so.\n")
	fmt.Fprintf(w, "Without --pacemaker, a CIB's dc-version or the policy's pacemaker setting, pcl plans for %s.\n", pcmk.DefaultVersion)
}

// buildVersion is the module version and commit pcl was built from.
func buildVersion() string {
	version, commit := "(devel)", ""
	if info, ok := debug.ReadBuildInfo(); ok {
		if info.Main.Version != "" {
			version = info.Main.Version
		}
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				commit = " " + s.Value[:12]
			}
		}
	}
	return version + commit
}
