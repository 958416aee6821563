// Package pclgen writes an IR configuration as readable .pcl: the output of
// `pcl import`. It follows docs/language.md, the language contract, and
// aims at a file a person would rather read than the XML it came from:
// group members nested in their group, clone and bundle children nested in
// their parent, rules as rule strings, `params = { ... }` wherever a set has
// nothing beyond its values, scores as numbers or inf/-inf where the CIB
// spells them canonically, short objects and one-attribute blocks on one
// line, and ids written only where they differ from what the compiler
// derives (ir/ids.go is that derivation).
//
// The compiler reads the output back as the same configuration: same
// elements, attributes, ids and order (the corpus round-trip test holds it
// to that, and to importing the compiled CIB giving the same bytes again).
// Block order is the CIB's document order; where the CIB places attribute
// sets after an element's other children (operations, members, a clone's
// child), the .pcl places them after those blocks too, because the
// compiler takes the position of blocks as the order of the CIB's
// children. What the language cannot say is reported as an error, never
// dropped silently.
//
// All text is produced with hclwrite (token builders and hclwrite.Format);
// the output is in canonical format and deterministic.
//
// It does not read XML (package importer), parse or check .pcl (packages
// dsl and compiler), or write status: a .pcl policy is configuration only,
// and the <cib> element's own attributes (epoch, validate-with) are left to
// the compiler. Rule expressions are turned into rule strings by FormatRule
// (rule.go, owned by the rule language).
package pclgen
