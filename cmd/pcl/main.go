package main

import (
	"fmt"
	"io"
	"os"
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
	os.Exit(run(os.Args[1:], &env{stdout: os.Stdout, stderr: os.Stderr, stdin: os.Stdin}))
}

func run(args []string, e *env) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		printUsage(e.stderr)
		if len(args) == 0 {
			return exitUsage
		}
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
	fs.Usage = func() {
		fmt.Fprintf(e.stderr, "usage: pcl %s %s\n\n%s\n\nflags:\n", c.name, c.usage, c.summary)
		fs.PrintDefaults()
	}
	runCmd := c.setup(fs)
	if err := fs.Parse(args[1:]); err != nil {
		if err == pflag.ErrHelp {
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
	fmt.Fprintln(w, "\nRun 'pcl <command> --help' for a command's flags.")
}
