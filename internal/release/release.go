package release

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/template"
	"time"

	"go.yaml.in/yaml/v3"
)

// Config is the part of a GoReleaser (v2) configuration this package
// reads; Load refuses fields it does not know, so that a typo is not
// silently ignored here while GoReleaser reads it.
type Config struct {
	Version  int       `yaml:"version"`
	Project  string    `yaml:"project_name"`
	Builds   []Build   `yaml:"builds"`
	Archives []Archive `yaml:"archives"`
	Checksum struct {
		NameTemplate string `yaml:"name_template"`
		Algorithm    string `yaml:"algorithm"`
	} `yaml:"checksum"`
	Snapshot struct {
		VersionTemplate string `yaml:"version_template"`
	} `yaml:"snapshot"`
	Changelog struct {
		Disable bool `yaml:"disable"`
	} `yaml:"changelog"`
	Release struct {
		GitHub struct {
			Owner string `yaml:"owner"`
			Name  string `yaml:"name"`
		} `yaml:"github"`
	} `yaml:"release"`
}

// Build is one entry of builds.
type Build struct {
	ID           string   `yaml:"id"`
	Main         string   `yaml:"main"`
	Binary       string   `yaml:"binary"`
	Env          []string `yaml:"env"`
	Goos         []string `yaml:"goos"`
	Goarch       []string `yaml:"goarch"`
	Flags        []string `yaml:"flags"`
	Ldflags      []string `yaml:"ldflags"`
	ModTimestamp string   `yaml:"mod_timestamp"`
}

// Archive is one entry of archives.
type Archive struct {
	ID              string   `yaml:"id"`
	IDs             []string `yaml:"ids"`
	NameTemplate    string   `yaml:"name_template"`
	Formats         []string `yaml:"formats"`
	FormatOverrides []struct {
		Goos    string   `yaml:"goos"`
		Formats []string `yaml:"formats"`
	} `yaml:"format_overrides"`
	Files []string `yaml:"files"`
}

// Target is one platform of the release.
type Target struct{ OS, Arch string }

// Stamp is what a release build is stamped with.
type Stamp struct {
	Version    string    // without "v": "1.2.0", "1.2.1-SNAPSHOT-0123abc"
	FullCommit string    // the commit's hash
	CommitDate time.Time // the commit's time
}

// Load reads a GoReleaser configuration.
func Load(path string) (*Config, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var c Config
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(c.Builds) != 1 || len(c.Archives) != 1 {
		return nil, fmt.Errorf("%s: want one build and one archive, have %d and %d", path, len(c.Builds), len(c.Archives))
	}
	return &c, nil
}

// Targets lists every goos and goarch pair of the build, in the order
// written.
func (c *Config) Targets() []Target {
	var out []Target
	for _, o := range c.Builds[0].Goos {
		for _, a := range c.Builds[0].Goarch {
			out = append(out, Target{o, a})
		}
	}
	return out
}

func (s Stamp) data(t Target, project string) map[string]any {
	short := s.FullCommit[:min(len(s.FullCommit), 7)]
	return map[string]any{"ProjectName": project, "Version": s.Version, "Os": t.OS, "Arch": t.Arch,
		"FullCommit": s.FullCommit, "ShortCommit": short, "Commit": s.FullCommit,
		"CommitDate": s.CommitDate.UTC().Format(time.RFC3339), "CommitTimestamp": strconv.FormatInt(s.CommitDate.Unix(), 10)}
}

// render fills a template as GoReleaser does ({{ .Version }}); a field it
// does not know is an error.
func render(text string, data map[string]any) (string, error) {
	t, err := template.New("").Option("missingkey=error").Parse(text)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if err := t.Execute(&b, data); err != nil {
		return "", err
	}
	return b.String(), nil
}

// Format is the archive format for a target: tar.gz, or an override.
func (c *Config) Format(t Target) string {
	a := c.Archives[0]
	for _, o := range a.FormatOverrides {
		if o.Goos == t.OS && len(o.Formats) > 0 {
			return o.Formats[0]
		}
	}
	if len(a.Formats) > 0 {
		return a.Formats[0]
	}
	return "tar.gz"
}

// ArchiveName is the file name of a target's archive.
func (c *Config) ArchiveName(t Target, s Stamp) (string, error) {
	name, err := render(c.Archives[0].NameTemplate, s.data(t, c.Project))
	if err != nil {
		return "", err
	}
	return name + "." + c.Format(t), nil
}

// Ldflags is the build's -ldflags value for a stamp.
func (c *Config) Ldflags(s Stamp) (string, error) {
	var parts []string
	for _, l := range c.Builds[0].Ldflags {
		r, err := render(l, s.data(Target{}, c.Project))
		if err != nil {
			return "", err
		}
		parts = append(parts, r)
	}
	return strings.Join(parts, " "), nil
}

// BuildAll cross-compiles every target from the module at root into dir,
// packs each binary with the archive's files, and writes the checksums
// file. It returns the archive names, sorted.
func (c *Config) BuildAll(ctx context.Context, root, dir string, targets []Target, s Stamp) ([]string, error) {
	b := c.Builds[0]
	ld, err := c.Ldflags(s)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, t := range targets {
		bin := b.Binary
		if t.OS == "windows" {
			bin += ".exe"
		}
		out := filepath.Join(dir, "build", t.OS+"_"+t.Arch, bin)
		args := append([]string{"build"}, b.Flags...)
		args = append(args, "-ldflags="+ld, "-o", out, b.Main)
		cmd := exec.CommandContext(ctx, "go", args...)
		cmd.Dir = root
		cmd.Env = append(append(os.Environ(), b.Env...), "GOOS="+t.OS, "GOARCH="+t.Arch)
		if msg, err := cmd.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("go build for %s/%s: %v\n%s", t.OS, t.Arch, err, msg)
		}
		name, err := c.ArchiveName(t, s)
		if err != nil {
			return nil, err
		}
		files := map[string]string{bin: out}
		for _, f := range c.Archives[0].Files {
			files[f] = filepath.Join(root, f)
		}
		if err := pack(filepath.Join(dir, name), c.Format(t), files, bin, s.CommitDate); err != nil {
			return nil, err
		}
		names = append(names, name)
	}
	slices.Sort(names)
	sums, err := checksums(dir, names)
	if err != nil {
		return nil, err
	}
	return names, os.WriteFile(filepath.Join(dir, c.Checksum.NameTemplate), sums, 0o644)
}

// checksums renders "<sha256>  <name>" lines, as sha256sum and GoReleaser
// write them.
func checksums(dir string, names []string) ([]byte, error) {
	var b bytes.Buffer
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256(data)
		fmt.Fprintf(&b, "%s  %s\n", hex.EncodeToString(sum[:]), n)
	}
	return b.Bytes(), nil
}

// pack writes an archive holding files (name in the archive: path on
// disk), the binary bin executable, every entry dated at the commit's time.
func pack(path, format string, files map[string]string, bin string, mod time.Time) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range files {
			if !yield(n) {
				return
			}
		}
	})
	switch format {
	case "tar.gz":
		gz := gzip.NewWriter(f)
		tw := tar.NewWriter(gz)
		for _, n := range names {
			data, err := os.ReadFile(files[n])
			if err != nil {
				return err
			}
			mode := int64(0o644)
			if n == bin {
				mode = 0o755
			}
			if err := tw.WriteHeader(&tar.Header{Name: n, Mode: mode, Size: int64(len(data)), ModTime: mod, Typeflag: tar.TypeReg}); err != nil {
				return err
			}
			if _, err := tw.Write(data); err != nil {
				return err
			}
		}
		if err := tw.Close(); err != nil {
			return err
		}
		if err := gz.Close(); err != nil {
			return err
		}
	case "zip":
		zw := zip.NewWriter(f)
		for _, n := range names {
			src, err := os.Open(files[n])
			if err != nil {
				return err
			}
			h := &zip.FileHeader{Name: n, Method: zip.Deflate, Modified: mod}
			h.SetMode(0o644)
			if n == bin {
				h.SetMode(0o755)
			}
			w, err := zw.CreateHeader(h)
			if err == nil {
				_, err = io.Copy(w, src)
			}
			src.Close()
			if err != nil {
				return err
			}
		}
		if err := zw.Close(); err != nil {
			return err
		}
	default:
		return errors.New("release: unknown archive format " + format)
	}
	return f.Close()
}
