// Package sfv parses and serialises Structured Field Values for HTTP
// (RFC 9651, which obsoletes RFC 8941): Items, Lists, Dictionaries, Inner
// Lists and Parameters, with every bare item type (Integer, Decimal,
// String, Token, Byte Sequence, Boolean, Date, Display String).
//
// Parsing follows RFC 9651 section 4.2 to the letter: any error fails the
// whole field. Serialisation follows section 4.1, so that a parsed value
// serialises to its canonical form; RFC 9421 builds signature bases from
// that form (its sections 2.1.1 and 2.3).
//
// The root package keeps its own small validator (sfv.go): it reads one
// kind of field on the hot path of robots.txt parsing, allocates nothing
// and keeps no values. This package is for the callers that need the
// values themselves (httpsig).
package sfv
