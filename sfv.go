package robotstxt

import "github.com/robotstxt/robotstxt/internal/sfv"

// The syntax of a Content-Usage rule's preferences is an RFC 9651
// (Structured Field Values) dictionary (draft-ietf-aipref-vocab-07 section
// 6), read by internal/sfv, which validates the whole dictionary as RFC
// 9651 section 4.2 asks (any error fails the whole field). Of each member
// the vocabulary reads only the key, and the value when it is a Token;
// parameters are checked and dropped (vocab-07 section 6.4).

// sfMember is one dictionary member: its key, and its value's text when
// the value is a Token (token is set), else nothing.
type sfMember struct {
	key, value string
	token      bool
}

// maxSFMembers bounds the members kept: a preference line has a handful,
// and a hostile one cannot make the reader keep more than this many.
const maxSFMembers = 64

// parseSFDictionary parses s as a Dictionary (RFC 9651 sections 4.2 and
// 4.2.2). On success it returns the members in order of first appearance,
// a later duplicate key replacing the earlier value (section 4.2.2: the
// last value wins). ok is false when s does not parse or has more than
// maxSFMembers keys; an empty s is an empty dictionary.
func parseSFDictionary(s string) (members []sfMember, ok bool) {
	d, err := sfv.ParseDictionary(s)
	if err != nil || len(d) > maxSFMembers {
		return nil, false
	}
	members = make([]sfMember, len(d))
	for i, m := range d {
		members[i].key = m.Key
		if !m.IsInner && m.Bare.Kind == sfv.Token {
			members[i].value, members[i].token = m.Bare.Str, true
		}
	}
	return members, true
}
