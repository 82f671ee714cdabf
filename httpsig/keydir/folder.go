package keydir

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/robotstxt/robotstxt/httpsig"
)

// Bounds on a folder: files read, and versions kept per agent.
const (
	MaxFiles    = 1000
	MaxVersions = 16
	maxFileSize = MaxVersions * httpsig.MaxDirectorySize
)

// ErrFolder wraps every error about a folder of saved directories.
var ErrFolder = errors.New("keydir: folder")

// file is the saved form of one agent's directory: a JWK Set with the
// members "url", "fetched" and "previous".
type file struct {
	Keys     []httpsig.JWK `json:"keys"`
	URL      string        `json:"url,omitempty"`
	Fetched  time.Time     `json:"fetched,omitzero"`
	Previous []version     `json:"previous,omitempty"`
}

type version struct {
	Fetched time.Time     `json:"fetched,omitzero"`
	Keys    []httpsig.JWK `json:"keys"`
}

// Folder is the directories saved in a folder, by directory URL.
type Folder struct {
	agents map[string]*agent
}

// agent holds one directory's versions, oldest first, and the directory
// in force in each interval between their fetch times: before the first,
// the first; between two, the keys of both (a key may have been added or
// withdrawn at any moment between the fetches); after the last, the last.
type agent struct {
	file     string
	versions []version
	dirs     []*httpsig.Directory // len(versions)+1 intervals
}

// Name returns the file name of a directory URL's agent: its host, with
// "_port" for a port other than 443.
func Name(dirURL string) (string, error) {
	u, err := url.Parse(dirURL)
	if err != nil || u.Scheme != "https" || u.Hostname() == "" {
		return "", fmt.Errorf("%w: %q is not an https URL", ErrFolder, dirURL)
	}
	name := strings.ToLower(u.Hostname())
	if p := u.Port(); p != "" && p != "443" {
		name += "_" + p
	}
	if strings.ContainsAny(name, `/\:`) || strings.HasPrefix(name, ".") {
		return "", fmt.Errorf("%w: host %q cannot name a file", ErrFolder, name)
	}
	return name + ".json", nil
}

// LoadFolder reads every *.json file of dir.
func LoadFolder(dir string) (*Folder, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(dir); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFolder, err)
	}
	if len(names) > MaxFiles {
		return nil, fmt.Errorf("%w: %s has more than %d files", ErrFolder, dir, MaxFiles)
	}
	f := &Folder{agents: map[string]*agent{}}
	for _, p := range names {
		a, u, err := loadFile(p)
		if err != nil {
			return nil, err
		}
		f.agents[u] = a
	}
	return f, nil
}

func readFile(p string) (*file, error) {
	fh, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	data, err := io.ReadAll(io.LimitReader(fh, maxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxFileSize {
		return nil, fmt.Errorf("%w: %s is larger than %d bytes", ErrFolder, p, maxFileSize)
	}
	var fl file
	if err := json.Unmarshal(data, &fl); err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrFolder, p, err)
	}
	if fl.Keys == nil {
		return nil, fmt.Errorf("%w: %s: no \"keys\" array", ErrFolder, p)
	}
	return &fl, nil
}

func loadFile(p string) (*agent, string, error) {
	fl, err := readFile(p)
	if err != nil {
		return nil, "", err
	}
	u := fl.URL
	if u == "" {
		u = defaultURL(filepath.Base(p))
	}
	if n, err := Name(u); err != nil || n != filepath.Base(p) {
		return nil, "", fmt.Errorf("%w: %s holds the directory of %s", ErrFolder, p, u)
	}
	if d, err := httpsig.DirectoryURL(u); err != nil || d != u {
		return nil, "", fmt.Errorf("%w: %s: %q is not a directory URL", ErrFolder, p, u)
	}
	vs := append([]version{{Fetched: fl.Fetched, Keys: fl.Keys}}, fl.Previous...)
	if len(vs) > MaxVersions+1 {
		return nil, "", fmt.Errorf("%w: %s: more than %d versions", ErrFolder, p, MaxVersions)
	}
	for _, v := range vs {
		if len(v.Keys) > httpsig.MaxDirectoryKeys {
			return nil, "", fmt.Errorf("%w: %s: more than %d keys", ErrFolder, p, httpsig.MaxDirectoryKeys)
		}
		for _, k := range v.Keys {
			if k.D != "" {
				return nil, "", fmt.Errorf("%w: %s: a key has private material (\"d\")", ErrFolder, p)
			}
		}
	}
	sort.SliceStable(vs, func(i, j int) bool { return vs[i].Fetched.Before(vs[j].Fetched) })
	a := &agent{file: p, versions: vs}
	n := len(vs)
	a.dirs = make([]*httpsig.Directory, n+1)
	a.dirs[0] = httpsig.NewDirectory(vs[0].Keys...)
	for i := 1; i < n; i++ {
		a.dirs[i] = httpsig.NewDirectory(append(append([]httpsig.JWK(nil), vs[i-1].Keys...), vs[i].Keys...)...)
	}
	a.dirs[n] = httpsig.NewDirectory(vs[n-1].Keys...)
	return a, u, nil
}

// defaultURL is the directory URL a file named name stands for when it
// gives none: the well-known path of its host.
func defaultURL(name string) string {
	h := strings.TrimSuffix(name, ".json")
	if i := strings.LastIndexByte(h, '_'); i > 0 {
		h = h[:i] + ":" + h[i+1:]
	}
	return "https://" + h + httpsig.WellKnownPath
}

// at returns the directory in force at t: dirs[i], i the number of
// versions fetched at or before t.
func (a *agent) at(t time.Time) *httpsig.Directory {
	return a.dirs[sort.Search(len(a.versions), func(i int) bool { return a.versions[i].Fetched.After(t) })]
}

// Directory implements httpsig.Keys.
func (f *Folder) Directory(url string, at time.Time) (*httpsig.Directory, error) {
	if f != nil {
		if a, ok := f.agents[url]; ok {
			return a.at(at), nil
		}
	}
	return nil, fmt.Errorf("%w: %s (no saved directory)", httpsig.ErrUnknownAgent, url)
}

// Len returns how many agents the folder has.
func (f *Folder) Len() int { return len(f.agents) }

// Save writes a fetched directory to dir under its agent's name. When the
// file holds other keys, they become a previous version; when it holds the
// same keys, it is left as it is (the keys were already in force then).
// At most MaxVersions previous versions are kept, the oldest dropped.
func Save(dir string, s *Snapshot) (path string, changed bool, err error) {
	name, err := Name(s.URL)
	if err != nil {
		return "", false, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", false, err
	}
	path = filepath.Join(dir, name)
	next := file{Keys: s.Directory.Keys, Fetched: s.FetchedAt.UTC().Truncate(time.Second)}
	if s.URL != defaultURL(name) {
		next.URL = s.URL
	}
	if old, err := readFile(path); err == nil {
		if sameKeys(old.Keys, next.Keys) {
			return path, false, nil
		}
		next.Previous = append([]version{{Fetched: old.Fetched, Keys: old.Keys}}, old.Previous...)
		if len(next.Previous) > MaxVersions {
			next.Previous = next.Previous[:MaxVersions]
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return "", false, err
	}
	data, _ := json.MarshalIndent(next, "", "  ")
	data = append(data, '\n')
	tmp, err := os.CreateTemp(dir, "."+name+".*")
	if err != nil {
		return "", false, err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return "", false, err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return "", false, err
	}
	if err := tmp.Close(); err != nil {
		return "", false, err
	}
	return path, true, os.Rename(tmp.Name(), path)
}

func sameKeys(a, b []httpsig.JWK) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return bytes.Equal(ja, jb)
}
