package sfv

import "testing"

// FuzzParseDictionary: any input either fails or round-trips, and the
// canonical form parses to itself (RFC 9651 section 4: serialisation of a
// parsed value is canonical).
func FuzzParseDictionary(f *testing.F) {
	for _, s := range []string{
		`sig1=("@authority" "signature-agent";key="a");created=1;tag="web-bot-auth"`,
		`a=:aGk=:, b=?0, c=1.5, d=%"f%c3%bc", e=@1, f=tok`, "a, b;x", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDictionary(s)
		if err != nil {
			return
		}
		out, err := AppendDictionary(nil, d)
		if err != nil {
			t.Fatalf("%q parsed but does not serialise: %v", s, err)
		}
		d2, err := ParseDictionary(string(out))
		if err != nil {
			t.Fatalf("canonical %q of %q does not parse: %v", out, s, err)
		}
		out2, _ := AppendDictionary(nil, d2)
		if string(out2) != string(out) {
			t.Fatalf("%q -> %q -> %q", s, out, out2)
		}
	})
}
