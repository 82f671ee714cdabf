package httpsig

import (
	"errors"
	"fmt"
	"strings"

	"github.com/robotstxt/robotstxt/internal/sfv"
)

// ErrComponent wraps every error about a covered component: one the
// message lacks, or one this package does not implement.
var ErrComponent = errors.New("httpsig: covered component")

// Two kinds of component errors say the signature could not be checked
// rather than that it is wrong: ErrUnsupported (a component or parameter
// this package does not implement) and ErrNoField (a covered field the
// message lacks: a request without it fails, a log that does not record
// it cannot tell). Both come wrapped with ErrComponent.
var (
	ErrUnsupported = errors.New("not supported")
	ErrNoField     = errors.New("not in the message")
)

// Component names a covered component (RFC 9421 section 2): a derived
// component ("@authority") or a header field ("signature-agent"), with
// Key for the ;key parameter (one Dictionary member, section 2.1.2) and SF
// for ;sf (the field re-serialised, section 2.1.1).
type Component struct {
	Name string
	Key  string
	SF   bool
}

// item is c as it appears in Signature-Input.
func (c Component) item() sfv.Item {
	it := sfv.Item{Bare: sfv.Bare{Kind: sfv.String, Str: c.Name}}
	if c.SF {
		it.Params = append(it.Params, sfv.Param{Key: "sf", Value: sfv.Bare{Kind: sfv.Boolean, Bool: true}})
	}
	if c.Key != "" {
		it.Params = append(it.Params, sfv.Param{Key: "key", Value: sfv.Bare{Kind: sfv.String, Str: c.Key}})
	}
	return it
}

// componentOf reads a covered component from its Signature-Input item.
func componentOf(it sfv.Item) (Component, error) {
	if it.Bare.Kind != sfv.String {
		return Component{}, fmt.Errorf("%w: not a string", ErrComponent)
	}
	c := Component{Name: it.Bare.Str}
	if c.Name == "" || c.Name != strings.ToLower(c.Name) {
		return c, fmt.Errorf("%w %q: names are lower-case (RFC 9421 section 2)", ErrComponent, c.Name)
	}
	for _, p := range it.Params {
		switch {
		case p.Key == "sf" && p.Value.Kind == sfv.Boolean && p.Value.Bool:
			c.SF = true
		case p.Key == "key" && p.Value.Kind == sfv.String:
			c.Key = p.Value.Str
		default:
			return c, fmt.Errorf("%w %q: parameter %q %w", ErrComponent, c.Name, p.Key, ErrUnsupported)
		}
	}
	if c.Key != "" && c.SF {
		return c, fmt.Errorf("%w %q: both ;key and ;sf", ErrComponent, c.Name)
	}
	if strings.HasPrefix(c.Name, "@") && (c.Key != "" || c.SF) {
		return c, fmt.Errorf("%w %q: ;key and ;sf apply to fields only", ErrComponent, c.Name)
	}
	return c, nil
}

// dictionaryFields are the fields known to be Dictionaries, the only ones
// ;sf re-serialises (section 2.1.1 needs the field's type).
var dictionaryFields = map[string]bool{
	"signature-agent": true, "signature-input": true, "signature": true,
	"content-digest": true, "repr-digest": true,
}

// value returns the component value of c in m (RFC 9421 sections 2.1 and
// 2.2).
func (m *Message) value(c Component) (string, error) {
	switch c.Name {
	case "@method":
		return m.Method, nil // case-sensitive, as sent (section 2.2.1)
	case "@target-uri":
		return m.scheme() + "://" + m.authority() + m.requestTarget(), nil
	case "@authority":
		return m.authority(), nil
	case "@scheme":
		return m.scheme(), nil
	case "@request-target":
		return m.requestTarget(), nil
	case "@path":
		return m.path(), nil
	case "@query":
		return "?" + m.Query, nil
	case "@signature-params":
		return "", fmt.Errorf("%w: @signature-params cannot be covered (section 2.3)", ErrComponent)
	}
	if strings.HasPrefix(c.Name, "@") {
		return "", fmt.Errorf("%w %q: %w", ErrComponent, c.Name, ErrUnsupported)
	}
	vals := m.Header.Values(c.Name)
	if len(vals) == 0 {
		return "", fmt.Errorf("%w %q: %w", ErrComponent, c.Name, ErrNoField)
	}
	trimmed := make([]string, len(vals))
	for i, v := range vals {
		trimmed[i] = strings.Trim(v, " \t")
	}
	v := strings.Join(trimmed, ", ") // section 2.1: combined with ", "
	switch {
	case c.Key != "":
		d, err := sfv.ParseDictionary(v)
		if err != nil {
			return "", fmt.Errorf("%w %q: not a Dictionary: %v", ErrComponent, c.Name, err)
		}
		mem, ok := d.Get(c.Key)
		if !ok {
			return "", fmt.Errorf("%w %q: no member %q", ErrComponent, c.Name, c.Key)
		}
		b, err := sfv.AppendMember(nil, mem)
		return string(b), err
	case c.SF:
		if !dictionaryFields[c.Name] {
			return "", fmt.Errorf("%w %q: ;sf on a field of unknown type %w", ErrComponent, c.Name, ErrUnsupported)
		}
		d, err := sfv.ParseDictionary(v)
		if err != nil {
			return "", fmt.Errorf("%w %q: not a Dictionary: %v", ErrComponent, c.Name, err)
		}
		b, err := sfv.AppendDictionary(nil, d)
		return string(b), err
	}
	return v, nil
}

// signatureBase builds the signature base (RFC 9421 section 2.5) of the
// covered items and parameters.
func signatureBase(m *Message, covered []sfv.Item, params sfv.Params) ([]byte, error) {
	var b []byte
	seen := make(map[string]bool, len(covered))
	for _, it := range covered {
		c, err := componentOf(it)
		if err != nil {
			return nil, err
		}
		id, err := sfv.AppendItem(nil, it)
		if err != nil {
			return nil, err
		}
		if seen[string(id)] { // section 2.5 step 2.1
			return nil, fmt.Errorf("%w %s: covered twice", ErrComponent, id)
		}
		seen[string(id)] = true
		v, err := m.value(c)
		if err != nil {
			return nil, err
		}
		if strings.ContainsAny(v, "\r\n") {
			return nil, fmt.Errorf("%w %s: value has a line break", ErrComponent, id)
		}
		b = append(b, id...)
		b = append(b, ": "...)
		b = append(b, v...)
		b = append(b, '\n')
	}
	b = append(b, `"@signature-params": `...)
	return sfv.AppendInnerList(b, covered, params)
}
