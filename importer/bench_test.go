package importer_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"pcl/importer"
	"pcl/internal/testenv"
)

// BenchmarkRead reads the largest corpus CIB.
func BenchmarkRead(b *testing.B) {
	src, err := os.ReadFile(filepath.Join(testenv.CorpusDir(b), "xml", "cancel-behind-moving-remote.xml"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, diags := importer.Read("x.xml", src); diags.HasErrors() {
			b.Fatal(diags.Error())
		}
	}
}

// TestOneLineDocument checks that a large CIB written without newlines is
// read in linear time (columns are counted incrementally).
func TestOneLineDocument(t *testing.T) {
	var b bytes.Buffer
	b.WriteString(`<cib><configuration><crm_config/><nodes/><resources>`)
	for i := range 20000 {
		b.WriteString(strings.ReplaceAll(`<primitive id="rN" class="ocf" provider="heartbeat" type="Dummy"/>`, "N", strconv.Itoa(i)))
	}
	b.WriteString(`</resources><constraints/></configuration></cib>`)
	start := time.Now()
	cib, diags := importer.Read("one.xml", b.Bytes())
	if diags.HasErrors() || len(cib.Config.Resources) != 20000 {
		t.Fatalf("%v", diags)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("reading a %d-byte one-line document took %v", b.Len(), d)
	}
}
