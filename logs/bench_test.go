package logs

import "testing"

func benchParse(b *testing.B, f Format) {
	line := parseTests[0].line
	b.SetBytes(int64(len(line)))
	var r Record
	for range b.N {
		if err := f.Parse(line, &r); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseCombined(b *testing.B) { benchParse(b, mustFormat(b, "combined")) }

// BenchmarkParseCombinedGeneral is BenchmarkParseCombined through the
// general loop, to weigh the unrolled path against it.
func BenchmarkParseCombinedGeneral(b *testing.B) {
	f, _ := Custom(Combined)
	f.(*textFormat).fast = 0
	benchParse(b, f)
}
