package rediscache

import (
	"strings"
	"testing"
)

// hashTag is the part of key a Redis Cluster hashes: the text between the
// first "{" and the first "}" after it when not empty, else the whole key
// (Redis Cluster specification, "Hash tags").
func hashTag(key string) string {
	i := strings.IndexByte(key, '{')
	if i < 0 {
		return key
	}
	j := strings.IndexByte(key[i+1:], '}')
	if j <= 0 {
		return key
	}
	return key[i+1 : i+1+j]
}

// TestKeyLayout: every key of one origin, and its bucket's epoch and
// settling keys, carry one hash tag (one cluster slot), so that MGET,
// MULTI, the Lua scripts and WAIT after a hold stay within one slot; the
// prefix starts every key; a listing reads the origin back from a key.
func TestKeyLayout(t *testing.T) {
	origins := []string{"https://a.example", "http://127.0.0.1:8080", "https://[::1]:8443", "https://xn--bcher-kva.example",
		"http://{brace}.example", "https://a.example:443", ""}
	for _, prefix := range []string{"robotstxt:", "t1:", ""} {
		k := newKeys(prefix)
		for _, o := range origins {
			b := bucket(o)
			all := map[string]string{
				"policy": k.policy(o), "hold": k.hold(o), "lock": k.lock(o), "target": k.target(o),
				"slots": k.slots(o), "next": k.next(o), "deleted": k.tomb(o), "lifted": k.lifted(o),
				"forgot": k.forgot(o), "epoch": k.epoch(b), "settling": k.settling(b),
			}
			want := hashTag(k.policy(o))
			if !strings.HasPrefix(want, "b") || len(want) != 4 {
				t.Fatalf("%q %q: hash tag %q, want bNNN", prefix, o, want)
			}
			for kind, key := range all {
				if !strings.HasPrefix(key, prefix) {
					t.Errorf("%s key %q does not start with the prefix %q", kind, key, prefix)
				}
				if got := hashTag(key); got != want {
					t.Errorf("%s key %q: hash tag %q, want %q (one slot per origin)", kind, key, got, want)
				}
			}
			if o != "" {
				if got := k.originOf("target:", k.target(o)); got != o {
					t.Errorf("originOf(%q) = %q, want %q", k.target(o), got, o)
				}
			}
		}
		// Keys that are not a target key of this layout name no origin.
		for _, key := range []string{prefix + "target:https://a.example", prefix + "{b001}:policy:https://a.example",
			prefix + "{b9999}:target:x", prefix + "{b001}:target:", "other:{b001}:target:x"} {
			if o := k.originOf("target:", key); o != "" {
				t.Errorf("originOf(%q) = %q, want none", key, o)
			}
		}
	}
}

// TestBucketsSpread: origins spread over every bucket (a cluster's
// shards share the load), and evenly enough.
func TestBucketsSpread(t *testing.T) {
	var n [buckets]int
	const total = buckets * 100
	for i := range total {
		n[bucket("https://site"+strings.Repeat("x", i%7)+string(rune('a'+i%26))+itoa(i)+".example")]++
	}
	for b, c := range n {
		if c < 50 || c > 150 {
			t.Errorf("bucket %d has %d of %d origins, want about 100", b, c, total)
		}
	}
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for ; i > 0; i /= 10 {
		b = append([]byte{byte('0' + i%10)}, b...)
	}
	return string(b)
}
