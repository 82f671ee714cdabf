package verify_test

import (
	"context"
	"fmt"
	"net/netip"

	"github.com/robotstxt/robotstxt/verify"
)

func ExampleVerifier() {
	ranges, _ := verify.Snapshot()
	v := &verify.Verifier{Ranges: ranges} // no DNS: IP lists only
	for _, a := range []string{"66.249.64.1", "203.0.113.5"} {
		fmt.Println(a, v.Verify(context.Background(), "Google", netip.MustParseAddr(a)).Status)
	}
	fmt.Println(v.Verify(context.Background(), "Meta", netip.MustParseAddr("203.0.113.5")).Status)
	// Output:
	// 66.249.64.1 verified
	// 203.0.113.5 spoofed
	// unverifiable
}
