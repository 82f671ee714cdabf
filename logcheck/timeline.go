package logcheck

import (
	"sort"
	"time"

	"github.com/robotstxt/robotstxt"
)

// Version is one robots.txt that was in force from From on.
type Version struct {
	// N numbers the versions (as the history does, from 1).
	N    int       `json:"n"`
	From time.Time `json:"from"`
	// Label says where the version came from: a file name, or the
	// history's URL and version.
	Label string `json:"label"`
	// Status is "" or "success" for a file, else the fetch status of a
	// failed fetch ("unavailable" allows everything, anything else
	// disallows everything).
	Status string            `json:"status,omitempty"`
	Robots *robotstxt.Robots `json:"-"`
}

// Timeline is the versions of a site's robots.txt, oldest first.
type Timeline struct {
	Versions []Version
}

// NewTimeline sorts the versions by From.
func NewTimeline(vs []Version) *Timeline {
	vs = append([]Version(nil), vs...)
	sort.SliceStable(vs, func(i, j int) bool { return vs[i].From.Before(vs[j].From) })
	return &Timeline{Versions: vs}
}

// At returns the index of the version in force at t, or -1 when t is
// before the first version.
func (tl *Timeline) At(t time.Time) int {
	i := sort.Search(len(tl.Versions), func(i int) bool { return tl.Versions[i].From.After(t) })
	return i - 1
}

// decision is a version's answer for one URL.
type decision struct {
	allowed bool
	rule    *robotstxt.Rule
}

func (v *Version) decide(agent, target string) decision {
	switch v.Status {
	case "", "success":
	case "unavailable", "too-many-redirects":
		return decision{allowed: true}
	default:
		return decision{allowed: false}
	}
	if v.Robots == nil {
		return decision{allowed: true}
	}
	vd := v.Robots.Check(agent, target)
	return decision{allowed: vd.Allowed, rule: vd.Rule}
}

// CacheGrace is how long RFC 9309 section 2.4 lets a crawler keep a copy.
const CacheGrace = 24 * time.Hour

// Tokens are the product tokens the versions' groups name, for
// NewIdentifier: a crawler the registry does not know is still counted
// when the site's robots.txt names it.
func (tl *Timeline) Tokens() []string {
	var out []string
	for _, v := range tl.Versions {
		if v.Robots == nil {
			continue
		}
		for _, g := range v.Robots.Groups {
			for _, ua := range g.UserAgents {
				out = append(out, ua.Token)
			}
		}
	}
	return out
}
