package testutil

import "testing"

func TestArchiveRoundTrip(t *testing.T) {
	in := "comment line\n-- a.txt --\nhello\n-- b --\n-- c --\nx\ny\n"
	a := ParseArchive(in)
	if a.Comment != "comment line\n" || len(a.Files) != 3 {
		t.Fatalf("ParseArchive(%q) = %+v", in, a)
	}
	if d, _ := a.File("a.txt"); d != "hello\n" {
		t.Errorf("a.txt = %q", d)
	}
	if d, ok := a.File("b"); !ok || d != "" {
		t.Errorf("b = %q, %v", d, ok)
	}
	if got := string(a.Format()); got != in {
		t.Errorf("Format() = %q, want %q", got, in)
	}
	a.Set("b", "new\n")
	a.Set("d", "z")
	if got := string(a.Format()); got != "comment line\n-- a.txt --\nhello\n-- b --\nnew\n-- c --\nx\ny\n-- d --\nz\n" {
		t.Errorf("after Set: %q", got)
	}
}
