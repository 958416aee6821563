package compiler

import (
	"bytes"
	"strings"
	"pcl/emit/cibxml"
	"pcl/internal/xmlcompare"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"pcl/emit/pclgen"
	"pcl/importer"
)

func TestZZProbe(t *testing.T) {
	if os.Getenv("PROBE") == "" {
		t.Skip()
	}
	files, _ := filepath.Glob("/work/shared/pacemaker-cts/xml/*.xml")
	sort.Strings(files)
	summaries := map[string]int{}
	example := map[string]string{}
	fail := 0
	for _, f := range files {
		src, _ := os.ReadFile(f)
		cib, diags := importer.Read(f, src)
		if diags.HasErrors() || cib == nil {
			continue
		}
		text, err := pclgen.Write(cib)
		if err != nil {
			summaries["pclgen: "+err.Error()[:min(60, len(err.Error()))]]++
			continue
		}
		dir := t.TempDir()
		p := filepath.Join(dir, "policy.pcl")
		os.WriteFile(p, text, 0o644)
		cib2, _, cd := Compile([]string{p}, Options{})
		if cd.HasErrors() {
			fail++
		} else {
			var buf bytes.Buffer
			cibxml.Write(&buf, cib2)
			summaries["compared"]++
			if ok, diff := xmlcompare.EqualConfig(src, buf.Bytes()); !ok {
				lines := strings.SplitN(diff, "\n", 3)
				key := "DIFF " + lines[0]
				if len(key) > 90 { key = key[:90] }
				summaries[key]++
				if _, ok := example[key]; !ok {
					example[key] = filepath.Base(f) + ": " + diff[:min(600, len(diff))]
				}
			}
		}
		for _, d := range cd {
			if d.Severity == 1 || os.Getenv("PROBE") == "warn" {
				summaries[d.Summary+" "+detailKey(d.Detail)]++
				if _, ok := example[d.Summary+" "+detailKey(d.Detail)]; !ok {
					example[d.Summary+" "+detailKey(d.Detail)] = filepath.Base(f) + ": " + d.Error()
				}
			}
		}
	}
	t.Logf("files failing: %d", fail)
	for k, v := range summaries {
		t.Logf("%5d %s | %s", v, k, example[k])
	}
}

func detailKey(s string) string {
	if i := strings.Index(s, "meta attribute \""); i >= 0 {
		j := strings.Index(s[i+16:], "\"")
		return s[i+16 : i+16+j]
	}
	return ""
}
