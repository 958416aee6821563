package importer

import (
	"bytes"
	"compress/gzip"
	"testing"
)

func TestIsCIBFile(t *testing.T) {
	for name, want := range map[string]bool{
		"/var/lib/pacemaker/pengine/pe-input-12.bz2": true,
		"pe-warn-3":      true,
		"pe-error-0.bz2": true,
		"pe-input-4.raw": true,
		"cib.xml":        true,
		"CIB.XML.bz2":    true,
		"cib.xml.gz":     true,
		"policy.pcl":     false,
		"pe-input-x.bz2": false,
		"dir":            false,
	} {
		if got := IsCIBFile(name); got != want {
			t.Errorf("IsCIBFile(%q) = %v, want %v", name, got, want)
		}
	}
	if kind, seq, ok := SchedulerInput("pe-error-17.bz2"); !ok || kind != "error" || seq != 17 {
		t.Errorf("SchedulerInput(pe-error-17.bz2) = %q %d %v", kind, seq, ok)
	}
}

func TestDecompress(t *testing.T) {
	const cib = `<cib epoch="1"/>`
	var z bytes.Buffer
	w := gzip.NewWriter(&z)
	w.Write([]byte(cib))
	w.Close()
	for name, in := range map[string][]byte{"plain": []byte(cib), "gzip": z.Bytes()} {
		out, err := Decompress(name, in)
		if err != nil || string(out) != cib {
			t.Errorf("%s: %q, %v", name, out, err)
		}
	}
	if _, err := Decompress("bad", []byte("BZh9garbage")); err == nil {
		t.Error("a corrupt bzip2 stream was read without an error")
	}
}
