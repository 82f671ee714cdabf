package netguard_test

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"time"

	"github.com/robotstxt/robotstxt/netguard"
)

func ExamplePolicy_Check() {
	var guard netguard.Policy // the zero Policy refuses what is not public
	for _, s := range []string{"93.184.215.14", "127.0.0.1", "169.254.169.254", "::ffff:10.0.0.1", "64:ff9b::8.8.8.8"} {
		fmt.Printf("%-18s %v\n", s, guard.Check(netip.MustParseAddr(s)))
	}
	// Output:
	// 93.184.215.14      <nil>
	// 127.0.0.1          netguard: destination refused: 127.0.0.1 is loopback
	// 169.254.169.254    netguard: destination refused: 169.254.169.254 is link-local
	// ::ffff:10.0.0.1    netguard: destination refused: ::ffff:10.0.0.1 is private (IPv4-mapped 10.0.0.1)
	// 64:ff9b::8.8.8.8   <nil>
}

func ExamplePolicy_Dialer() {
	guard := &netguard.Policy{Allow: []netip.Prefix{netip.MustParsePrefix("10.20.0.0/16")}}
	d := guard.Dialer(&net.Dialer{Timeout: 5 * time.Second})
	client := &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}

	// The check runs on the address actually dialled, so a redirect or a
	// name resolving to loopback is refused too.
	_, err := client.Get("http://127.0.0.1:1/robots.txt")
	fmt.Println(errors.Is(err, netguard.ErrRefused), netguard.Reason(err))
	// Output:
	// true loopback
}
