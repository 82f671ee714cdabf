package random_test

import (
	"testing"

	"github.com/robotstxt/robotstxt/web/internal/pagetesting"
)

func TestMain(m *testing.M) { pagetesting.Main(m) }
