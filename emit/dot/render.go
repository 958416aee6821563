package dot

import (
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"strings"
)

// Render runs graphviz's dot program to turn a graph into format (svg,
// png, ...). It fails with a clear message when dot is not installed.
func Render(graph []byte, format string) ([]byte, error) {
	path, err := exec.LookPath("dot")
	if err != nil {
		return nil, errors.New("rendering needs graphviz's dot program, which is not installed (apt-get install graphviz); use --format dot to get the graph source")
	}
	cmd := exec.Command(path, "-T"+format)
	cmd.Stdin = bytes.NewReader(graph)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("dot -T%s failed: %v: %s", format, err, strings.TrimSpace(stderr.String()))
	}
	return out.Bytes(), nil
}
