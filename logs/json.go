package logs

import (
	"encoding/json"
	"fmt"
	"net/netip"
	"strconv"
	"strings"
	"time"
)

// Fields names the JSON fields a JSON-lines log keeps each part of a
// request in. Empty names are not read. Target is the request target with
// its query; when the log has no such field, Path (and Query) make one.
type Fields struct {
	Time      string `json:"time"`
	Addr      string `json:"addr"`
	Method    string `json:"method"`
	Target    string `json:"target"`
	Path      string `json:"path"`
	Query     string `json:"query"`
	Status    string `json:"status"`
	UserAgent string `json:"userAgent"`
	// Host and the Web Bot Auth fields. Headers names an object of
	// request headers by lower-case name (Logpush's custom fields,
	// "RequestHeaders"), read for the signature fields the log does not
	// give by name.
	Host           string `json:"host"`
	Signature      string `json:"signature"`
	SignatureInput string `json:"signatureInput"`
	SignatureAgent string `json:"signatureAgent"`
	Headers        string `json:"headers"`
}

// CloudflareFields are the field names of Cloudflare Logpush's HTTP
// requests dataset.
var CloudflareFields = Fields{
	Time:      "EdgeStartTimestamp",
	Addr:      "ClientIP",
	Method:    "ClientRequestMethod",
	Target:    "ClientRequestURI",
	Path:      "ClientRequestPath",
	Query:     "ClientRequestQuery",
	Status:    "EdgeResponseStatus",
	UserAgent: "ClientRequestUserAgent",
	Host:      "ClientRequestHost",
	// Logpush logs request headers chosen as custom fields in this object.
	Headers: "RequestHeaders",
}

// ParseFields reads a mapping such as
// "time=ts,addr=remote_ip,target=uri,userAgent=ua" on top of base: each
// key is a Fields member (case-insensitive), each value a JSON field name.
func ParseFields(base Fields, spec string) (Fields, error) {
	f := base
	for _, kv := range strings.Split(spec, ",") {
		kv = strings.TrimSpace(kv)
		if kv == "" {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return f, fmt.Errorf("JSON field mapping %q: want key=field", kv)
		}
		k, v = strings.ToLower(strings.TrimSpace(k)), strings.TrimSpace(v)
		switch k {
		case "time":
			f.Time = v
		case "addr", "ip":
			f.Addr = v
		case "method":
			f.Method = v
		case "target", "uri":
			f.Target = v
		case "path":
			f.Path = v
		case "query":
			f.Query = v
		case "status":
			f.Status = v
		case "useragent", "ua", "user-agent":
			f.UserAgent = v
		case "host":
			f.Host = v
		case "signature":
			f.Signature = v
		case "signatureinput", "signature-input":
			f.SignatureInput = v
		case "signatureagent", "signature-agent":
			f.SignatureAgent = v
		case "headers":
			f.Headers = v
		default:
			return f, fmt.Errorf("JSON field mapping: unknown key %q (time, addr, method, target, path, query, status, userAgent, host, signature, signatureInput, signatureAgent, headers)", k)
		}
	}
	return f, nil
}

type jsonFormat struct{ f Fields }

// JSON is the format of JSON lines, one object per line, with the given
// field names. Times are RFC 3339 strings or Unix times in seconds,
// milliseconds, microseconds or nanoseconds (told apart by size), as
// Logpush's timestamp options write them.
func JSON(f Fields) Format { return jsonFormat{f} }

// Parse implements Format.
func (j jsonFormat) Parse(line string, r *Record) error {
	*r = Record{Input: r.Input, Line: r.Line}
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(line), &m); err != nil || m == nil {
		return ErrJSON
	}
	str := func(name string) string {
		if name == "" {
			return ""
		}
		raw, ok := m[name]
		if !ok {
			return ""
		}
		var s string
		if json.Unmarshal(raw, &s) == nil {
			return s
		}
		return strings.TrimSpace(string(raw))
	}
	t, ok := jsonTime(str(j.f.Time))
	if !ok {
		return ErrTime
	}
	r.Time = t
	if a, err := netip.ParseAddr(str(j.f.Addr)); err == nil {
		r.Addr = a.Unmap()
	}
	r.Method = str(j.f.Method)
	r.Target = str(j.f.Target)
	if r.Target == "" {
		r.Target = str(j.f.Path)
		if q := str(j.f.Query); q != "" && r.Target != "" {
			if q[0] != '?' {
				q = "?" + q
			}
			r.Target += q
		}
	}
	if s := str(j.f.Status); s != "" {
		n, ok := atoi(s)
		if !ok {
			return ErrStatus
		}
		r.Status = n
	}
	r.UserAgent = str(j.f.UserAgent)
	r.Host = str(j.f.Host)
	r.Signature = str(j.f.Signature)
	r.SignatureInput = str(j.f.SignatureInput)
	r.SignatureAgent = str(j.f.SignatureAgent)
	if j.f.Headers != "" && (r.Signature == "" || r.SignatureInput == "" || r.SignatureAgent == "") {
		if raw, ok := m[j.f.Headers]; ok {
			var h map[string]json.RawMessage
			if json.Unmarshal(raw, &h) == nil {
				header := func(name string) string {
					var s string
					if v, ok := h[name]; ok && json.Unmarshal(v, &s) == nil {
						return s
					}
					return ""
				}
				if r.Signature == "" {
					r.Signature = header("signature")
				}
				if r.SignatureInput == "" {
					r.SignatureInput = header("signature-input")
				}
				if r.SignatureAgent == "" {
					r.SignatureAgent = header("signature-agent")
				}
			}
		}
	}
	return nil
}

func jsonTime(s string) (time.Time, bool) {
	if s == "" {
		return time.Time{}, false
	}
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t.UTC(), true
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return time.Time{}, false
	}
	switch {
	case n > 1e17:
		return time.Unix(0, n).UTC(), true
	case n > 1e14:
		return time.UnixMicro(n).UTC(), true
	case n > 1e11:
		return time.UnixMilli(n).UTC(), true
	}
	return time.Unix(n, 0).UTC(), true
}
