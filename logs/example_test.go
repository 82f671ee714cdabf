package logs_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/robotstxt/robotstxt/logs"
)

func Example() {
	log := `66.249.66.1 - - [01/Dec/2026:10:00:00 +0000] "GET /robots.txt HTTP/1.1" 200 120 "-" "Mozilla/5.0 (compatible; Googlebot/2.1)"
not a log line
66.249.66.1 - - [01/Dec/2026:10:00:05 +0000] "GET /shop/ HTTP/1.1" 200 5120 "-" "Mozilla/5.0 (compatible; Googlebot/2.1)"
`
	format, _ := logs.Named("combined")
	rd := &logs.Reader[struct{}]{Format: format}
	st, _ := rd.Read(context.Background(), []logs.Input{{Name: "access.log", R: strings.NewReader(log)}}, func(r *logs.Record, _ *struct{}) error {
		fmt.Println(r.Line, r.Time.Format("15:04:05"), r.Addr, r.Target)
		return nil
	})
	fmt.Println(st.Records, "records;", st.Bad, "bad:", st.BadLines[0].Input, st.BadLines[0].Line)
	// Output:
	// 1 10:00:00 66.249.66.1 /robots.txt
	// 3 10:00:05 66.249.66.1 /shop/
	// 2 records; 1 bad: access.log 2
}

func ExampleCustom() {
	f, _ := logs.Custom(`$remote_addr [$time_local] "$request" $status "$http_user_agent"`)
	var r logs.Record
	err := f.Parse(`192.0.2.1 [01/Dec/2026:10:00:00 +0100] "GET /a?b HTTP/2.0" 404 "GPTBot/1.2"`, &r)
	fmt.Println(err, r.Time.UTC().Format("15:04"), r.Method, r.Target, r.Status, r.UserAgent)
	// Output: <nil> 09:00 GET /a?b 404 GPTBot/1.2
}
