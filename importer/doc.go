// Package importer is pcl's second front end: it reads a CIB XML document
// (configuration and status, current and older schema forms) into the same
// IR the compiler produces, with diagnostics carrying line and column.
//
// It does not write .pcl (package emit/pclgen) or XML (package emit/cibxml).
package importer
