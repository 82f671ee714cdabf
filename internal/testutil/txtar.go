package testutil

import (
	"bytes"
	"strings"
)

// Archive is a txtar-style archive: a comment, then files introduced by
// "-- name --" lines. It is the format of the project's multi-part test
// cases (robots.txt, command line, expected output).
type Archive struct {
	Comment string
	Files   []ArchiveFile
}

// ArchiveFile is one file of an Archive.
type ArchiveFile struct {
	Name string
	Data string
}

// ParseArchive parses the txtar format.
func ParseArchive(data string) *Archive {
	a := &Archive{}
	name, start := "", 0
	flush := func(end int) {
		if name == "" {
			a.Comment = data[start:end]
		} else {
			a.Files = append(a.Files, ArchiveFile{name, data[start:end]})
		}
	}
	for i := 0; i < len(data); {
		end := strings.IndexByte(data[i:], '\n')
		line := data[i:]
		next := len(data)
		if end >= 0 {
			line, next = data[i:i+end], i+end+1
		}
		if n, ok := strings.CutPrefix(line, "-- "); ok {
			if n, ok = strings.CutSuffix(n, " --"); ok && strings.TrimSpace(n) != "" {
				flush(i)
				name, start = strings.TrimSpace(n), next
			}
		}
		i = next
	}
	flush(len(data))
	return a
}

// File returns the named file's content and whether it exists.
func (a *Archive) File(name string) (string, bool) {
	for _, f := range a.Files {
		if f.Name == name {
			return f.Data, true
		}
	}
	return "", false
}

// Set replaces or adds the named file.
func (a *Archive) Set(name, data string) {
	for i := range a.Files {
		if a.Files[i].Name == name {
			a.Files[i].Data = data
			return
		}
	}
	a.Files = append(a.Files, ArchiveFile{name, data})
}

// Format renders the archive back to text.
func (a *Archive) Format() []byte {
	var b bytes.Buffer
	b.WriteString(a.Comment)
	for _, f := range a.Files {
		b.WriteString("-- " + f.Name + " --\n")
		b.WriteString(f.Data)
		if f.Data != "" && !strings.HasSuffix(f.Data, "\n") {
			b.WriteString("\n")
		}
	}
	return b.Bytes()
}
