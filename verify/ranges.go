package verify

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

//go:embed snapshot/*.json
var snapshotFS embed.FS

// List is one parsed IP list.
type List struct {
	Source
	Operator string `json:"operator"`
	// Created is the list's creationTime; zero when it has none.
	Created time.Time `json:"created,omitzero"`
	// From is "snapshot", or the file the list was loaded from.
	From     string `json:"from"`
	Prefixes int    `json:"prefixes"`
	// Modified is the modification time of the file a list was loaded
	// from (when it was fetched); zero for the snapshot.
	Modified time.Time `json:"modified,omitzero"`
}

// Date is the list's creationTime, else the time its file was written,
// else zero.
func (l List) Date() time.Time {
	if !l.Created.IsZero() {
		return l.Created
	}
	return l.Modified
}

// MaxAge is the age past which a list is old: operators add addresses
// every few weeks, so an older list misses some of their crawlers.
const MaxAge = 90 * 24 * time.Hour

// AgeDays is the list's age at now in whole days, or -1 when it has no
// date.
func (l List) AgeDays(now time.Time) int {
	d := l.Date()
	if d.IsZero() {
		return -1
	}
	if now.Before(d) {
		return 0
	}
	return int(now.Sub(d) / (24 * time.Hour))
}

// Old reports whether the copy in use is older than MaxAge at now: its
// creationTime and the time it was fetched (its file's time) are both
// older. A list fetched lately is current even when the operator has not
// changed it for long (Bing's is from 2024). A list with no date is not
// old.
func (l List) Old(now time.Time) bool {
	d := l.Created
	if l.Modified.After(d) {
		d = l.Modified
	}
	return !d.IsZero() && now.Sub(d) > MaxAge
}

// span is a range of addresses, both ends included.
type span struct{ lo, hi netip.Addr }

// Ranges are the IP lists of every operator, ready for lookups. It is
// safe for concurrent use.
type Ranges struct {
	Lists []List
	spans map[string][]span // operator -> sorted, merged
	lists map[string][]span // list (a Source's File) -> sorted, merged
	// v4 holds the IPv4 spans again as integers (operator -> sorted), for
	// the common lookup: comparing two uint32 is much cheaper than two
	// netip.Addr. Built by index.
	v4     map[string][]span4
	lists4 map[string][]span4
}

type span4 struct{ lo, hi uint32 }

// index fills v4 from spans and lists4 from lists.
func (r *Ranges) index() *Ranges {
	r.v4, r.lists4 = index4(r.spans), index4(r.lists)
	return r
}

func index4(m map[string][]span) map[string][]span4 {
	out := map[string][]span4{}
	for k, spans := range m {
		for _, s := range spans {
			if s.lo.Is4() {
				out[k] = append(out[k], span4{u32(s.lo), u32(s.hi)})
			}
		}
	}
	return out
}

func u32(a netip.Addr) uint32 {
	b := a.As4()
	return uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])
}

// maxListBytes bounds one list file.
const maxListBytes = 4 << 20

// listJSON is Google's shape, which every JSON list of Operators uses.
type listJSON struct {
	CreationTime string `json:"creationTime"`
	Prefixes     []struct {
		IPv4 string `json:"ipv4Prefix"`
		IPv6 string `json:"ipv6Prefix"`
	} `json:"prefixes"`
}

// ParseList reads a list in Google's shape: {"creationTime": ...,
// "prefixes": [{"ipv4Prefix": "66.249.64.0/27"}, {"ipv6Prefix": ...}]}.
// A list with no valid prefix is an error, so that an error page served
// with status 200 never replaces a good list.
func ParseList(data []byte) ([]netip.Prefix, time.Time, error) {
	if len(data) > maxListBytes {
		return nil, time.Time{}, fmt.Errorf("IP list larger than %d bytes", maxListBytes)
	}
	var l listJSON
	if err := json.Unmarshal(data, &l); err != nil {
		return nil, time.Time{}, fmt.Errorf("IP list is not JSON in the expected shape: %v", err)
	}
	var out []netip.Prefix
	for _, p := range l.Prefixes {
		for _, s := range []string{p.IPv4, p.IPv6} {
			if s == "" {
				continue
			}
			pf, err := netip.ParsePrefix(s)
			if err != nil {
				return nil, time.Time{}, fmt.Errorf("IP list: bad prefix %q", s)
			}
			out = append(out, pf.Masked())
		}
	}
	if len(out) == 0 {
		return nil, time.Time{}, errors.New("IP list has no prefixes")
	}
	var created time.Time
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999"} {
		if t, err := time.Parse(layout, l.CreationTime); err == nil {
			created = t.UTC()
			break
		}
	}
	return out, created, nil
}

var (
	snapOnce sync.Once
	snap     *Ranges
	snapErr  error
)

// Snapshot returns the lists shipped with the package, parsed on first
// use.
func Snapshot() (*Ranges, error) {
	snapOnce.Do(func() { snap, snapErr = load("") })
	return snap, snapErr
}

// Load returns the lists of dir (written by Update), each list missing
// there taken from the snapshot. An empty dir gives the snapshot.
func Load(dir string) (*Ranges, error) {
	if dir == "" {
		return Snapshot()
	}
	return load(dir)
}

func load(dir string) (*Ranges, error) {
	r := &Ranges{spans: map[string][]span{}, lists: map[string][]span{}}
	for _, op := range Operators {
		var prefixes []netip.Prefix
		for _, src := range op.Sources {
			var data []byte
			var modified time.Time
			from := ""
			if dir != "" {
				if b, mt, err := readBounded(filepath.Join(dir, src.File)); err == nil {
					data, from, modified = b, filepath.Join(dir, src.File), mt.UTC()
				} else if !errors.Is(err, fs.ErrNotExist) {
					return nil, err
				}
			}
			if data == nil {
				b, err := snapshotFS.ReadFile("snapshot/" + src.File)
				if err != nil {
					continue // nothing shipped for this list
				}
				data, from = b, "snapshot"
			}
			ps, created, err := ParseList(data)
			if err != nil {
				return nil, fmt.Errorf("%s (%s): %v", src.File, from, err)
			}
			prefixes = append(prefixes, ps...)
			r.lists[src.File] = merge(ps)
			r.Lists = append(r.Lists, List{Source: src, Operator: op.Name, Created: created, From: from, Prefixes: len(ps), Modified: modified})
		}
		if len(prefixes) > 0 {
			r.spans[op.Name] = merge(prefixes)
		}
	}
	return r.index(), nil
}

func readBounded(path string) ([]byte, time.Time, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, time.Time{}, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, time.Time{}, err
	}
	if st.Size() > maxListBytes {
		return nil, time.Time{}, fmt.Errorf("%s: larger than %d bytes", path, maxListBytes)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxListBytes+1))
	if err == nil && len(data) > maxListBytes {
		err = fmt.Errorf("%s: larger than %d bytes", path, maxListBytes)
	}
	return data, st.ModTime(), err
}

// lastAddr is the last address of a masked prefix.
func lastAddr(p netip.Prefix) netip.Addr {
	a := p.Addr()
	if a.Is4() {
		b := a.As4()
		for i := p.Bits(); i < 32; i++ {
			b[i/8] |= 0x80 >> (i % 8)
		}
		return netip.AddrFrom4(b)
	}
	b := a.As16()
	for i := p.Bits(); i < 128; i++ {
		b[i/8] |= 0x80 >> (i % 8)
	}
	return netip.AddrFrom16(b)
}

// merge sorts prefixes into disjoint spans.
func merge(ps []netip.Prefix) []span {
	spans := make([]span, 0, len(ps))
	for _, p := range ps {
		spans = append(spans, span{p.Addr(), lastAddr(p)})
	}
	slices.SortFunc(spans, func(a, b span) int { return a.lo.Compare(b.lo) })
	out := spans[:0]
	for _, s := range spans {
		if n := len(out); n > 0 && out[n-1].lo.BitLen() == s.lo.BitLen() && (s.lo.Compare(out[n-1].hi) <= 0 || out[n-1].hi.Next() == s.lo) {
			if s.hi.Compare(out[n-1].hi) > 0 {
				out[n-1].hi = s.hi
			}
			continue
		}
		out = append(out, s)
	}
	return out
}

// Has reports whether the operator publishes any list loaded here.
func (r *Ranges) Has(operator string) bool { return len(r.spans[operator]) > 0 }

// HasList reports whether the list (a Source's File) is loaded here.
func (r *Ranges) HasList(file string) bool { return len(r.lists[file]) > 0 }

// InList reports whether addr is in the list (a Source's File). It does
// not allocate.
func (r *Ranges) InList(file string, addr netip.Addr) bool {
	return contains(r.lists[file], r.lists4, file, addr)
}

// Contains reports whether addr is in one of the operator's lists. It does
// not allocate.
func (r *Ranges) Contains(operator string, addr netip.Addr) bool {
	return contains(r.spans[operator], r.v4, operator, addr)
}

// contains looks addr up in spans, or for IPv4 in v4[key] when indexed.
func contains(spans []span, v4 map[string][]span4, key string, addr netip.Addr) bool {
	addr = addr.Unmap()
	if addr.Is4() && v4 != nil {
		spans, a := v4[key], u32(addr)
		lo, hi := 0, len(spans)
		for lo < hi { // the first span that ends at or after a
			m := int(uint(lo+hi) >> 1)
			if spans[m].hi < a {
				lo = m + 1
			} else {
				hi = m
			}
		}
		return lo < len(spans) && spans[lo].lo <= a
	}
	i, _ := slices.BinarySearchFunc(spans, addr, func(s span, a netip.Addr) int {
		if s.hi.Compare(a) < 0 {
			return -1
		}
		if s.lo.Compare(a) > 0 {
			return 1
		}
		return 0
	})
	return i < len(spans) && spans[i].lo.Compare(addr) <= 0 && addr.Compare(spans[i].hi) <= 0
}

// minPageAddrs is the fewest addresses a list published as a web page must
// hold: an error or challenge page may show an address or two (often the
// client's own), never this many.
const minPageAddrs = 8

// ParsePage reads a list that an operator publishes as a web page (Amazon
// does): every global unicast IPv4 or IPv6 address or prefix in the text,
// a bare address as a single-address prefix. A page with fewer than
// minPageAddrs distinct addresses is an error, so that an error page that
// shows the client's address never becomes a list. It has no date.
func ParsePage(data []byte) ([]netip.Prefix, error) {
	if len(data) > maxListBytes {
		return nil, fmt.Errorf("IP list page larger than %d bytes", maxListBytes)
	}
	seen := map[netip.Prefix]bool{}
	var out []netip.Prefix
	isAddrByte := func(c byte) bool {
		return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' || c == '.' || c == ':' || c == '/'
	}
	for i := 0; i < len(data); {
		if !isAddrByte(data[i]) {
			i++
			continue
		}
		j := i
		for j < len(data) && isAddrByte(data[j]) && j-i < 64 {
			j++
		}
		tok := strings.Trim(string(data[i:j]), ".:/")
		i = j
		if !strings.ContainsAny(tok, ".:") {
			continue
		}
		var p netip.Prefix
		if strings.Contains(tok, "/") {
			pf, err := netip.ParsePrefix(tok)
			if err != nil {
				continue
			}
			p = pf.Masked()
		} else {
			a, err := netip.ParseAddr(tok)
			if err != nil {
				continue
			}
			p = netip.PrefixFrom(a, a.BitLen())
		}
		if a := p.Addr(); a.Is4In6() || !a.IsGlobalUnicast() || a.IsPrivate() || seen[p] {
			continue
		}
		seen[p] = true
		out = append(out, p)
	}
	if len(out) < minPageAddrs {
		return nil, fmt.Errorf("IP list page holds %d addresses, fewer than %d: not a list", len(out), minPageAddrs)
	}
	return out, nil
}
