// Package cibxml writes IR as CIB XML: a whole <cib> document with its
// configuration and, when the IR has one, its status.
//
// The output is deterministic: elements follow the IR's slice order (the
// document order of the source), ChildAt, SetsAt and Sections say where
// attribute sets and sections stand among their siblings, attributes come
// in a fixed order per element, optional attributes are left out when the
// IR leaves them unset, and values are written exactly as the IR keeps
// their text (a Duration's, ScoreValue's or Bool's Text). Only when a
// typed value has no text is it spelled canonically.
//
// It does not check the configuration (the compiler and importer do), and
// it does not derive ids: every id it writes is in the IR. XML is produced
// with encoding/xml's Encoder, token by token, indented by two spaces.
package cibxml
