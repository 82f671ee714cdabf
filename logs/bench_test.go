package logs

import "testing"

func BenchmarkParseCombined(b *testing.B) {
	f := mustFormat(b, "combined")
	line := parseTests[0].line
	b.SetBytes(int64(len(line)))
	var r Record
	for range b.N {
		if err := f.Parse(line, &r); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseCombinedGeneral is BenchmarkParseCombined through the
// general loop, to weigh the unrolled path against it.
func BenchmarkParseCombinedGeneral(b *testing.B) {
	f, _ := Custom(Combined)
	f.(*textFormat).fast = 0
	line := parseTests[0].line
	b.SetBytes(int64(len(line)))
	var r Record
	for range b.N {
		if err := f.Parse(line, &r); err != nil {
			b.Fatal(err)
		}
	}
}
