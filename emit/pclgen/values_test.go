package pclgen

import (
	"testing"

	"pcl/ir"
)

func TestValueSpellings(t *testing.T) {
	for _, c := range []struct {
		text, want string
	}{
		{"100", "100"},
		{"-1", "-1"},
		{"0", "0"},
		{"007", `"007"`},
		{"+5", `"+5"`},
		{"1.5", `"1.5"`},
		{"99999999999999999999", `"99999999999999999999"`},
		{"true", "true"},
		{"yes", `"yes"`},
		{"TRUE", `"TRUE"`},
		{"${x}", `"$${x}"`},
		{"", `""`},
	} {
		text := c.text
		if got := string(plainValue(&text).Bytes()); got != c.want {
			t.Errorf("plainValue(%q) = %s, want %s", c.text, got, c.want)
		}
	}
	if got := string(plainValue(nil).Bytes()); got != "null" {
		t.Errorf("plainValue(nil) = %s", got)
	}
}

func TestScoreSpellings(t *testing.T) {
	for _, c := range []struct {
		text, want string
	}{
		{"INFINITY", "inf"},
		{"-INFINITY", "-inf"},
		{"+INFINITY", `"+INFINITY"`},
		{"infinity", `"infinity"`},
		{"100", "100"},
		{"-10000", "-10000"},
		{"1000000", `"1000000"`},
		{"0100", `"0100"`},
	} {
		s := score(c.text)
		if got := string(scoreValue(s).Bytes()); got != c.want {
			t.Errorf("scoreValue(%q) = %s, want %s", c.text, got, c.want)
		}
	}
}

func TestObjectKeys(t *testing.T) {
	for _, c := range []struct {
		name, want string
	}{
		{"target-role", "target-role"},
		{"#uname", `"#uname"`},
		{"1st", `"1st"`},
		{"for", `"for"`},
		{"null", `"null"`},
		{"fail-count-rsc#monitor_10000", `"fail-count-rsc#monitor_10000"`},
		{"", `""`},
	} {
		if got := string(objectKey(c.name).Bytes()); got != c.want {
			t.Errorf("objectKey(%q) = %s, want %s", c.name, got, c.want)
		}
	}
}

func TestBoolSpellings(t *testing.T) {
	for text, want := range map[string]string{"true": "true", "false": "false", "yes": `"yes"`, "invalid": `"invalid"`} {
		if got := string(boolValue(&ir.Bool{Text: text}).Bytes()); got != want {
			t.Errorf("boolValue(%q) = %s, want %s", text, got, want)
		}
	}
}
