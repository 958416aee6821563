// Package testenv gives tests what they need from outside the module: the
// Pacemaker scheduler corpus, the crm_simulate/crm_verify/dot oracle, and the
// ratchet of corpus tests known to pass. It is imported by tests only.
package testenv
