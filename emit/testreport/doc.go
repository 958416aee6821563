// Package testreport renders a policy test (policytest.Report): text for
// a terminal, JUnit XML for CI systems, markdown for a review comment.
// Each failure says what happened, where the assertion is written
// (file:line:col) and why: the transition's own reasons and the score
// explanation of the resources involved (emit/scores.Explain of the
// scenario's plan). It reads the report only.
package testreport
