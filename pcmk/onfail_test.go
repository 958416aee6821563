package pcmk

import "testing"

func TestParseOnFail(t *testing.T) {
	for f := OnFailIgnore; f < OnFailResetRemote; f++ {
		if got, ok := ParseOnFail(f.String()); !ok || got != f {
			t.Errorf("ParseOnFail(%q) = %v, %v; want %v", f.String(), got, ok, f)
		}
	}
	for in, want := range map[string]OnFail{"NOTHING": OnFailIgnore, "Fence": OnFailFence, "RESTART-container": OnFailRestartContainer} {
		if got, ok := ParseOnFail(in); !ok || got != want {
			t.Errorf("ParseOnFail(%q) = %v, %v; want %v", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "reset-remote", "recover", "stonith", " stop"} {
		if got, ok := ParseOnFail(in); ok {
			t.Errorf("ParseOnFail(%q) = %v, accepted", in, got)
		}
	}
}
