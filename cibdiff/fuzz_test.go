package cibdiff

import "testing"

// FuzzParseCrmMon: crm_mon's XML is read without a panic whatever it
// holds.
func FuzzParseCrmMon(f *testing.F) {
	f.Add([]byte(`<pacemaker-result><resources><resource id="A" role="Started" active="true"><node name="n1"/></resource></resources></pacemaker-result>`))
	f.Add([]byte(`<pacemaker-result><resources><clone id="c"><group id="g"><resource id="x:0" role="Promoted" active="true"><node name="n1"/><node name="n2"/></resource></group></clone></resources></pacemaker-result>`))
	f.Add([]byte(`<pacemaker-result><status code="102"/></pacemaker-result>`))
	f.Fuzz(func(t *testing.T, src []byte) {
		running, err := ParseCrmMon(src)
		if err != nil && running != nil {
			t.Fatal("a result with an error")
		}
	})
}
