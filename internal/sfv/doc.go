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
// It is the one Structured Fields reader of the module: the root package
// reads Content-Usage preferences with it (sfv.go), httpsig the signature
// fields. It imports the standard library only.
package sfv
