//go:build !js

package verify

import (
	"errors"
	"net"
)

// notFound tells a name that does not exist (NXDOMAIN) from a failure.
func notFound(err error) bool {
	var de *net.DNSError
	return errors.As(err, &de) && de.IsNotFound
}
