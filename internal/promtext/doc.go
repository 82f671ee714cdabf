// Package promtext serves metrics in the Prometheus text exposition format
// (version 0.0.4) with the standard library alone: counters, counters with
// labels, histograms, and a few of the Go runtime's and the process's
// metrics under the names the Prometheus client gives them.
//
// It replaces the Prometheus client library in the decision service
// because that library, with the protobuf and procfs packages it brings,
// was initialised in every command of the robotstxt binary, about a tenth
// of the start-up of a command that uses none of it (issue 25). Its types
// are named as the client's (NewCounterVec, WithLabelValues, Inc, Observe),
// so that adding a metric reads the same. The output is checked by the
// Prometheus project's own parser in the tests.
package promtext
