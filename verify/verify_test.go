package verify

import (
	"context"
	"math/rand/v2"
	"net"
	"net/netip"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestMain checks that importing the package parses nothing: the snapshot
// waits for its first use, so that other commands' start-up does not pay
// for it.
func TestMain(m *testing.M) {
	if snap != nil || snapErr != nil {
		println("the snapshot was parsed at package initialisation")
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// TestSnapshotContains checks every shipped list against its own file: the
// first and last address of each prefix is in the operator's ranges, the
// address before the first and after the last of each merged span is not
// (unless another prefix covers it), and no other operator claims them.
func TestSnapshotContains(t *testing.T) {
	r, err := Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Lists) == 0 {
		t.Fatal("no list in the snapshot")
	}
	for _, l := range r.Lists {
		data, err := snapshotFS.ReadFile("snapshot/" + l.File)
		if err != nil {
			t.Fatal(err)
		}
		ps, created, err := ParseList(data)
		if err != nil {
			t.Fatalf("%s: %v", l.File, err)
		}
		if created.IsZero() || len(ps) != l.Prefixes {
			t.Errorf("%s: created %v, %d prefixes (list says %d)", l.File, created, len(ps), l.Prefixes)
		}
		for _, p := range ps {
			for _, a := range []netip.Addr{p.Addr(), lastAddr(p)} {
				if !r.Contains(l.Operator, a) {
					t.Errorf("%s: %v (of %v) not contained", l.File, a, p)
				}
				for _, op := range Operators {
					if op.Name != l.Operator && r.Contains(op.Name, a) {
						t.Errorf("%v of %s is claimed by %s too", a, l.File, op.Name)
					}
				}
			}
		}
	}
	for op, spans := range r.spans {
		for _, s := range spans {
			for _, a := range []netip.Addr{s.lo.Prev(), s.hi.Next()} {
				if a.IsValid() && r.Contains(op, a) {
					t.Errorf("%s: %v just outside the span %v-%v is contained", op, a, s.lo, s.hi)
				}
			}
		}
	}
	// Every list is shipped, and its provenance says where it came from.
	for _, op := range Operators {
		for _, s := range op.Sources {
			_, err := snapshotFS.ReadFile("snapshot/" + s.File)
			shipped := err == nil
			if shipped == strings.HasPrefix(s.Snapshot, "not shipped") {
				t.Errorf("%s: shipped %v but its provenance says %q", s.File, shipped, s.Snapshot)
			}
		}
	}
}

func TestContainsRules(t *testing.T) {
	ps := []netip.Prefix{
		netip.MustParsePrefix("10.0.0.0/24"),
		netip.MustParsePrefix("10.0.1.0/24"),   // adjacent: one span
		netip.MustParsePrefix("10.0.0.128/25"), // inside: one span
		netip.MustParsePrefix("192.0.2.8/29"),
		netip.MustParsePrefix("2001:db8::/64"),
	}
	r := (&Ranges{spans: map[string][]span{"X": merge(ps)}}).index()
	if len(r.spans["X"]) != 3 {
		t.Errorf("spans %v, want 3", r.spans["X"])
	}
	for _, tt := range []struct {
		addr string
		want bool
	}{
		{"10.0.0.0", true}, {"10.0.0.255", true}, {"10.0.1.0", true}, {"10.0.1.255", true}, {"10.0.2.0", false}, {"9.255.255.255", false},
		{"192.0.2.7", false}, {"192.0.2.8", true}, {"192.0.2.15", true}, {"192.0.2.16", false},
		{"::ffff:10.0.0.1", true}, // IPv4-mapped is the IPv4 address
		{"2001:db8::1", true}, {"2001:db8:0:1::", false}, {"2001:db7:ffff:ffff:ffff:ffff:ffff:ffff", false},
		{"::a00:1", false}, // an IPv6 address is never an IPv4 one
	} {
		if got := r.Contains("X", netip.MustParseAddr(tt.addr)); got != tt.want {
			t.Errorf("Contains(%s) = %v, want %v", tt.addr, got, tt.want)
		}
		if r.Contains("Y", netip.MustParseAddr(tt.addr)) {
			t.Errorf("an operator without lists contains %s", tt.addr)
		}
	}
	if n := testing.AllocsPerRun(100, func() { r.Contains("X", netip.MustParseAddr("10.0.0.7")) }); n != 0 {
		t.Errorf("Contains allocates %v times", n)
	}
}

// TestContainsIPv4Index: the integer index of IPv4 spans answers as the
// general search does, on the snapshot's span ends, their neighbours and
// random addresses.
func TestContainsIPv4Index(t *testing.T) {
	snap, err := Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	general := &Ranges{spans: snap.spans} // no index: the netip.Addr search
	var addrs []netip.Addr
	for _, spans := range snap.spans {
		for _, s := range spans {
			if s.lo.Is4() {
				addrs = append(addrs, s.lo, s.lo.Prev(), s.hi, s.hi.Next())
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		addrs = append(addrs, netip.AddrFrom4([4]byte{byte(rng.IntN(256)), byte(rng.IntN(256)), byte(rng.IntN(256)), byte(rng.IntN(256))}))
	}
	in := 0
	for _, a := range addrs {
		if !a.IsValid() {
			continue
		}
		for op := range snap.spans {
			got, want := snap.Contains(op, a), general.Contains(op, a)
			if got != want {
				t.Fatalf("Contains(%s, %s) = %v, the general search says %v", op, a, got, want)
			}
			if got {
				in++
			}
		}
	}
	if in < len(snap.spans) {
		t.Errorf("only %d addresses found in a list: the test checks nothing", in)
	}
}

func TestParseListErrors(t *testing.T) {
	for _, tt := range []struct{ name, data string }{
		{"an HTML error page", "<html><body>Service unavailable</body></html>"},
		{"no prefixes", `{"creationTime":"2026-01-01T00:00:00Z","prefixes":[]}`},
		{"a bad prefix", `{"prefixes":[{"ipv4Prefix":"66.249.64.0/33"}]}`},
		{"too large", `{"prefixes":[` + strings.Repeat(`{"ipv4Prefix":"1.2.3.0/24"},`, maxListBytes/28) + `{"ipv4Prefix":"1.2.3.0/24"}]}`},
	} {
		if _, _, err := ParseList([]byte(tt.data)); err == nil {
			t.Errorf("%s: parsed", tt.name)
		}
	}
	ps, created, err := ParseList([]byte(`{"creationTime":"2026-08-18T23:56:36Z","prefixes":[{"ipv4Prefix":"216.73.216.0/22"},{"ipv6Prefix":"2001:DB8::/32"}]}`))
	if err != nil || len(ps) != 2 || !created.Equal(time.Date(2026, 8, 18, 23, 56, 36, 0, time.UTC)) {
		t.Errorf("got %v %v %v", ps, created, err)
	}
}

// fakeResolver answers from maps and counts the lookups. It is the only
// resolver the tests use: none reaches a real one.
type fakeResolver struct {
	ptr     map[string][]string
	host    map[string][]string
	fail    map[string]bool // a server failure (not "not found")
	delay   time.Duration
	lookups atomic.Int64
}

func (f *fakeResolver) LookupAddr(ctx context.Context, addr string) ([]string, error) {
	f.lookups.Add(1)
	if f.delay > 0 {
		select {
		case <-time.After(f.delay):
		case <-ctx.Done():
			return nil, &net.DNSError{Err: "timeout", Name: addr, IsTimeout: true}
		}
	}
	if f.fail[addr] {
		return nil, &net.DNSError{Err: "server misbehaving", Name: addr, IsTemporary: true}
	}
	if n, ok := f.ptr[addr]; ok {
		return n, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: addr, IsNotFound: true}
}

func (f *fakeResolver) LookupHost(ctx context.Context, host string) ([]string, error) {
	if f.fail[host] {
		return nil, &net.DNSError{Err: "server misbehaving", Name: host, IsTemporary: true}
	}
	if a, ok := f.host[host]; ok {
		return a, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
}

func newFake() *fakeResolver {
	return &fakeResolver{
		ptr: map[string][]string{
			"66.249.90.77":  {"rate-limited-proxy-66-249-90-77.google.com."},
			"192.0.2.77":    {"rate-limited-proxy-192-0-2-77.google.com."}, // outside the lists
			"203.0.113.1":   {"crawl-203-0-113-1.googlebot.com."},          // forward does not confirm
			"203.0.113.2":   {"crawl.evilgooglebot.com."},                  // not on a label boundary
			"203.0.113.3":   {"googlebot.com."},                            // the suffix itself
			"157.55.39.1":   {"msnbot-157-55-39-1.search.msn.com."},        // Bing
			"5.255.253.1":   {"5-255-253-1.spider.yandex.com."},            // Yandex
			"17.22.237.1":   {"17-22-237-1.applebot.apple.com."},           // Apple, outside its list
			"2001:db8::abc": {"crawl-2001-db8--abc.googlebot.com."},        // IPv6
			"203.0.113.9":   {"other.example.", "crawl-9.googlebot.com."},  // the second name confirms
			"203.0.113.10":  {"crawl-10.googlebot.com."},                   // forward lookup fails
			"192.0.2.40":    {"192-0-2-40.crawl.commoncrawl.org."},         // Common Crawl, outside its list
			"192.0.2.41":    {"192-0-2-41.crawl.amazonbot.amazon."},        // Amazon, outside its lists
			"192.0.2.42":    {"msnbot-192-0-2-42.search.msn.com."},         // Bing, outside its list
		},
		host: map[string][]string{
			"rate-limited-proxy-66-249-90-77.google.com": {"66.249.90.77"},
			"rate-limited-proxy-192-0-2-77.google.com":   {"192.0.2.77"},
			"crawl-203-0-113-1.googlebot.com":            {"198.51.100.1"},
			"crawl.evilgooglebot.com":                    {"203.0.113.2"},
			"googlebot.com":                              {"203.0.113.3"},
			"msnbot-157-55-39-1.search.msn.com":          {"157.55.39.1"},
			"5-255-253-1.spider.yandex.com":              {"5.255.253.1"},
			"17-22-237-1.applebot.apple.com":             {"17.22.237.1"},
			"crawl-2001-db8--abc.googlebot.com":          {"2001:db8::abc"},
			"192-0-2-40.crawl.commoncrawl.org":           {"192.0.2.40"},
			"192-0-2-41.crawl.amazonbot.amazon":          {"192.0.2.41"},
			"msnbot-192-0-2-42.search.msn.com":           {"192.0.2.42"},
			"crawl-9.googlebot.com":                      {"203.0.113.9"},
		},
		fail: map[string]bool{"198.51.100.99": true, "crawl-10.googlebot.com": true},
	}
}

// TestVerify is the decision table of Verify.
func TestVerify(t *testing.T) {
	ranges, err := Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, operator, addr string
		dns                  bool
		want                 Status
		method               string
	}{
		{"in Google's list", "Google", "66.249.64.1", true, Verified, "ip-list"},
		{"in Google's list, no DNS", "Google", "66.249.64.1", false, Verified, "ip-list"},
		{"IPv4-mapped address in Google's list", "Google", "::ffff:66.249.64.1", false, Verified, "ip-list"},
		{"outside Google's list, no DNS: spoofed (Google publishes lists)", "Google", "198.51.100.7", false, Spoofed, "ip-list"},
		{"outside the list, DNS confirms", "Google", "192.0.2.77", true, Verified, "dns"},
		{"forward lookup gives another address", "Google", "203.0.113.1", true, Spoofed, "dns"},
		{"PTR not on a label boundary of the suffix", "Google", "203.0.113.2", true, Spoofed, "dns"},
		{"PTR is the bare suffix", "Google", "203.0.113.3", true, Spoofed, "dns"},
		{"no PTR record", "Google", "198.51.100.7", true, Spoofed, "dns"},
		{"second PTR name confirms", "Google", "203.0.113.9", true, Verified, "dns"},
		{"IPv6 confirmed", "Google", "2001:db8::abc", true, Verified, "dns"},
		{"DNS server failure, operator publishes lists: spoofed by the list", "Google", "198.51.100.99", true, Spoofed, "ip-list"},
		{"forward lookup fails: unknown, then the list decides", "Google", "203.0.113.10", true, Spoofed, "ip-list"},
		{"Bing in its list", "Microsoft", "157.55.39.1", false, Verified, "ip-list"},
		{"Bing by DNS outside its list", "Microsoft", "192.0.2.42", true, Verified, "dns"},
		{"Bing outside its list, no DNS", "Microsoft", "198.51.100.7", false, Spoofed, "ip-list"},
		{"Bing, no PTR", "Microsoft", "198.51.100.7", true, Spoofed, "dns"},
		{"Bing, DNS failure: the list decides", "Microsoft", "198.51.100.99", true, Spoofed, "ip-list"},
		{"Yandex by DNS", "Yandex", "5.255.253.1", true, Verified, "dns"},
		{"Yandex claimed from a Google name", "Yandex", "66.249.90.77", true, Spoofed, "dns"},
		{"Apple in its list", "Apple", "17.166.20.5", false, Verified, "ip-list"},
		{"Apple by DNS outside its list", "Apple", "17.22.237.1", true, Verified, "dns"},
		{"Apple outside its list, no DNS", "Apple", "198.51.100.7", false, Spoofed, "ip-list"},
		{"OpenAI: outside its lists, no DNS documented", "OpenAI", "198.51.100.7", true, Spoofed, "ip-list"},
		{"Common Crawl by DNS outside its list", "Common Crawl", "192.0.2.40", true, Verified, "dns"},
		{"an operator that publishes nothing", "Meta", "198.51.100.7", true, Unverifiable, ""},
		{"no address", "Google", "", true, Unverifiable, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			v := &Verifier{Ranges: ranges}
			if tt.dns {
				v.DNS = &DNS{Resolver: newFake()}
			}
			var addr netip.Addr
			if tt.addr != "" {
				addr = netip.MustParseAddr(tt.addr)
			}
			got := v.Verify(context.Background(), tt.operator, addr)
			if got.Status != tt.want || got.Method != tt.method {
				t.Errorf("got %+v, want %s by %q", got, tt.want, tt.method)
			}
		})
	}
}

// TestDNSBounded: each address is looked up once however many ask at once;
// the lookups stop at MaxLookups; a slow answer ends at Timeout; the cache
// never holds more than CacheSize answers.
func TestDNSBounded(t *testing.T) {
	f := newFake()
	d := &DNS{Resolver: f, MaxLookups: 3}
	addr := netip.MustParseAddr("66.249.90.77")
	var wg sync.WaitGroup
	for range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if res, _ := d.Check(context.Background(), "Google", []string{"google.com"}, addr); res != DNSConfirmed {
				t.Errorf("result %v", res)
			}
		}()
	}
	wg.Wait()
	if n := f.lookups.Load(); n != 1 {
		t.Errorf("%d lookups for one address, want 1", n)
	}
	for _, a := range []string{"203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.9"} {
		d.Check(context.Background(), "Google", []string{"googlebot.com"}, netip.MustParseAddr(a))
	}
	if n := f.lookups.Load(); n != 3 || d.Lookups() != 3 {
		t.Errorf("%d lookups (%d counted), want the budget of 3", n, d.Lookups())
	}
	if res, _ := d.Check(context.Background(), "Google", []string{"googlebot.com"}, netip.MustParseAddr("203.0.113.9")); res != DNSUnknown {
		t.Errorf("past the budget: %v, want unknown", res)
	}

	slow := newFake()
	slow.delay = time.Hour
	d = &DNS{Resolver: slow, Timeout: 10 * time.Millisecond}
	if res, _ := d.Check(context.Background(), "Google", []string{"google.com"}, addr); res != DNSUnknown {
		t.Errorf("a timed-out lookup gave %v", res)
	}

	// A dead resolver: after MaxFailures lookups without an answer, no more.
	slow.lookups.Store(0)
	d = &DNS{Resolver: slow, Timeout: time.Millisecond, MaxFailures: 3}
	for i := range 10 {
		d.Check(context.Background(), "Google", []string{"google.com"}, netip.AddrFrom4([4]byte{192, 0, 2, byte(i)}))
	}
	if n := slow.lookups.Load(); n != 3 {
		t.Errorf("%d lookups against a dead resolver, want 3", n)
	}

	d = &DNS{Resolver: newFake(), CacheSize: 2}
	for i := range 10 {
		d.Check(context.Background(), "Google", []string{"google.com"}, netip.AddrFrom4([4]byte{198, 51, 100, byte(i)}))
		if len(d.cache) > 2 {
			t.Fatalf("cache holds %d answers, bound 2", len(d.cache))
		}
	}
}

func TestUnderSuffix(t *testing.T) {
	for _, tt := range []struct {
		host string
		want bool
	}{
		{"crawl-1.googlebot.com", true}, {"a.b.googlebot.com", true}, {"googlebot.com", false},
		{"evilgooglebot.com", false}, {"googlebot.com.evil.example", false}, {"x.google.com", true},
	} {
		if got := underSuffix(tt.host, []string{"googlebot.com", "google.com"}); got != tt.want {
			t.Errorf("underSuffix(%q) = %v", tt.host, got)
		}
	}
}

// TestOperatorsOfficial: every list has an https address (a .json one,
// unless published as a page), a file name of its own and the crawlers it
// verifies; every operator that documents reverse DNS names domains,
// not URLs.
func TestOperatorsOfficial(t *testing.T) {
	files := map[string]bool{}
	for _, op := range Operators {
		for _, s := range op.Sources {
			if !strings.HasPrefix(s.URL, "https://") || strings.HasSuffix(s.URL, ".json") == s.Page || files[s.File] || s.Snapshot == "" || len(s.Crawlers) == 0 {
				t.Errorf("%s: %+v", op.Name, s)
			}
			files[s.File] = true
		}
		for _, d := range op.DNS {
			if strings.ContainsAny(d, "/:*") || strings.HasPrefix(d, ".") {
				t.Errorf("%s: DNS suffix %q", op.Name, d)
			}
		}
	}
}
