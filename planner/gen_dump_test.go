package planner

import (
	"os"
	"strconv"
	"testing"
)

func TestDumpGen(t *testing.T) {
	s := os.Getenv("PCL_DUMP_SEED")
	if s == "" {
		t.Skip()
	}
	seed, _ := strconv.ParseInt(s, 10, 64)
	os.WriteFile("/tmp/gen.xml", []byte(genCIB(seed)), 0o644)
}
