package testreport

import (
	"encoding/xml"
	"fmt"
	"strings"

	"pcl/policytest"
)

// junitSuites is the JUnit XML document CI systems read (Jenkins,
// GitLab, GitHub actions' test reporters): one suite per scenario (the
// healthy cluster's first), one test case per assertion.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string         `xml:"name,attr"`
	Classname string         `xml:"classname,attr"`
	File      string         `xml:"file,attr,omitempty"`
	Line      int            `xml:"line,attr,omitempty"`
	Failures  []junitFailure `xml:"failure"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// JUnit renders the report as JUnit XML.
func JUnit(rep *policytest.Report) ([]byte, error) {
	doc := junitSuites{Name: "pcl test", Tests: len(rep.Cases), Failures: rep.Failed()}
	index := map[string]int{}
	for _, c := range rep.Cases {
		group := caseGroup(c)
		i, ok := index[group]
		if !ok {
			i = len(doc.Suites)
			index[group] = i
			doc.Suites = append(doc.Suites, junitSuite{Name: group})
		}
		s := &doc.Suites[i]
		s.Tests++
		tc := junitCase{Name: c.Assertion.Name, Classname: group, File: c.Assertion.DeclRange.Filename, Line: c.Assertion.DeclRange.Start.Line}
		if !c.Passed() {
			s.Failures++
		}
		explained := map[string]bool{}
		for _, f := range c.Failures {
			var text strings.Builder
			fmt.Fprintf(&text, "%s: %s: %s\n", pos(f.Range), f.Condition, f.Message)
			for _, l := range why(c, f, explained) {
				text.WriteString(l + "\n")
			}
			tc.Failures = append(tc.Failures, junitFailure{Message: f.Condition + ": " + f.Message, Type: "assertion", Text: text.String()})
		}
		s.Cases = append(s.Cases, tc)
	}
	out, err := xml.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(append([]byte(xml.Header), out...), '\n'), nil
}
