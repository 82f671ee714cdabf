package conform

import (
	"bufio"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"sync"
	"time"
)

// newCert makes the site's certificate: self-signed, a CA (so that a
// crawler can be told to trust it as its only root: SSL_CERT_FILE,
// wget --ca-certificate), for the given loopback address, valid for a day
// around now. It returns the TLS certificate and its PEM.
func newCert(ip net.IP, now time.Time) (tls.Certificate, []byte, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 62))
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{CommonName: "robotstxt conform test site", Organization: []string{"robotstxt conform"}},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.Add(24 * time.Hour),
		IsCA:                  true,
		BasicConstraintsValid: true,
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IPAddresses:           []net.IP{ip},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	pemBytes := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}, pemBytes, nil
}

// sniffListener serves HTTP and HTTPS on one port: a connection whose first
// byte starts a TLS handshake (0x16) is handed on as a *tls.Conn, which
// net/http serves as HTTPS (r.TLS set); any other as plain HTTP. The first
// byte is awaited off the Accept path, so a silent client holds up no
// other.
type sniffListener struct {
	net.Listener
	conf  *tls.Config
	conns chan net.Conn
	done  chan struct{}
	once  sync.Once
}

// sniffWait bounds the wait for a connection's first byte.
const sniffWait = 10 * time.Second

func newSniffListener(ln net.Listener, conf *tls.Config) *sniffListener {
	l := &sniffListener{Listener: ln, conf: conf, conns: make(chan net.Conn), done: make(chan struct{})}
	go l.loop()
	return l
}

func (l *sniffListener) loop() {
	defer l.Close()
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			if ne, ok := err.(net.Error); ok && ne.Timeout() {
				continue
			}
			return
		}
		go l.sniff(c)
	}
}

func (l *sniffListener) sniff(c net.Conn) {
	c.SetReadDeadline(time.Now().Add(sniffWait))
	br := bufio.NewReader(c)
	b, err := br.Peek(1)
	c.SetReadDeadline(time.Time{})
	if err != nil {
		c.Close()
		return
	}
	var out net.Conn = &peekedConn{Conn: c, r: br}
	if b[0] == 0x16 {
		out = tls.Server(out, l.conf)
	}
	select {
	case l.conns <- out:
	case <-l.done:
		c.Close()
	}
}

func (l *sniffListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

func (l *sniffListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return l.Listener.Close()
}

// peekedConn reads through the reader that holds the peeked byte.
type peekedConn struct {
	net.Conn
	r *bufio.Reader
}

func (c *peekedConn) Read(p []byte) (int, error) { return c.r.Read(p) }
