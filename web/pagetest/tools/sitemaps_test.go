package tools_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/robotstxt/robotstxt/fetch"
	"github.com/robotstxt/robotstxt/netguard"
	"github.com/robotstxt/robotstxt/server"
	"github.com/robotstxt/robotstxt/web/internal/pagetesting"
)

// sitemapCounts is, per crawler, "6: 5 by line 7, 1 by line 6": the
// blocked URLs and their groups by deciding rule, largest first.
type sitemapCounts map[string]string

// pageSitemapCounts reads the page's answer once it is of the editor's
// current text.
func pageSitemapCounts(t *testing.T, ctx context.Context) (sitemapCounts, int) {
	t.Helper()
	pagetesting.WaitFor(t, ctx, `document.getElementById("sitemaps-body").dataset.rev === document.getElementById("editor").dataset.rev && !!document.getElementById("sitemaps-table") && !document.getElementById("sitemaps").hasAttribute("aria-busy")`)
	js := pagetesting.Eval[string](t, ctx, `JSON.stringify({urls: document.getElementById("sitemaps-status").innerText,
		rows: Object.fromEntries([...document.querySelectorAll("#sitemaps-table tbody tr")].flatMap(tr => tr.dataset.tokens.split(" ").map(token => [token,
			tr.querySelector("td").dataset.n + ":" + [...document.querySelectorAll('.sitemap-crawler[data-tokens~="' + CSS.escape(token) + '"] > ul > li')]
				.map(li => " " + li.dataset.n + " by line " + li.dataset.line).join(",")])))})`)
	var got struct {
		URLs string            `json:"urls"`
		Rows map[string]string `json:"rows"`
	}
	if err := json.Unmarshal([]byte(js), &got); err != nil {
		t.Fatalf("answer %s: %v", js, err)
	}
	m := regexp.MustCompile(`URLs: ([\d,]+)`).FindStringSubmatch(got.URLs)
	if m == nil {
		t.Fatalf("status %q gives no count of URLs", got.URLs)
	}
	n, _ := strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
	return sitemapCounts(got.Rows), n
}

var (
	cliAgentLine = regexp.MustCompile(`^(\S+): (\d+) of (\d+) sitemap URLs? blocked$`)
	cliGroupLine = regexp.MustCompile(`^  (\d+) URLs? blocked for (\S+) by line (\d+):`)
)

// cliSitemapCounts runs "robotstxt check --sitemap" for the agents and
// reads its text answer as pageSitemapCounts reads the page's.
func cliSitemapCounts(t *testing.T, cli, robots string, agents []string, args ...string) (sitemapCounts, int) {
	t.Helper()
	dir := t.TempDir()
	file := pagetesting.WriteFile(t, dir, "robots.txt", robots)
	argv := []string{"check", "-f", file}
	for _, a := range agents {
		argv = append(argv, "-a", a)
	}
	cmd := exec.Command(cli, append(argv, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil && cmd.ProcessState.ExitCode() != 1 {
		t.Fatalf("robotstxt %s: %v\n%s", strings.Join(argv, " "), err, stderr.String())
	}
	counts := sitemapCounts{}
	total := -1
	for _, line := range strings.Split(string(out), "\n") {
		if m := cliAgentLine.FindStringSubmatch(line); m != nil {
			counts[m[1]] = m[2] + ":"
			total, _ = strconv.Atoi(m[3])
		} else if m := cliGroupLine.FindStringSubmatch(line); m != nil {
			if !strings.HasSuffix(counts[m[2]], ":") {
				counts[m[2]] += ","
			}
			counts[m[2]] += " " + m[1] + " by line " + m[3]
		}
	}
	if len(counts) != len(agents) {
		t.Fatalf("robotstxt check --sitemap answered for %d of %d agents:\n%s", len(counts), len(agents), out)
	}
	return counts, total
}

// sorted lists a map's keys in order.
func sorted(m sitemapCounts) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestBrowserSitemaps: a sitemap opened in the page (a file) or fetched by
// the page's server (serve --allow-fetch: an index with a gzipped sitemap)
// is read in the worker, and per crawler of the table the blocked URLs and
// their deciding rules are what "robotstxt check --sitemap" counts for the
// same files; an edit of the robots.txt hides the answer at once and
// counts again; an index opened as a file says its sitemaps need fetching;
// a DOCTYPE is a problem shown; the card speaks Russian and Romanian, fits
// phones and passes axe-core; and no file reaches the server.
func TestBrowserSitemaps(t *testing.T) {
	pagetesting.BrowserTest(t)
	axe := pagetesting.AxeSource(t)
	cli := pagetesting.BuildCLI(t)
	docs := "../../../cmd/robotstxt/testdata/docs/docs/sitemaps/"
	robotsB, err := os.ReadFile(docs + "robots.txt")
	if err != nil {
		t.Fatal(err)
	}
	robots := string(robotsB)
	shop, err := filepath.Abs(docs + "sitemap.xml")
	if err != nil {
		t.Fatal(err)
	}

	// The loopback site: an index, a gzipped sitemap and a text one.
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n" +
		"<url><loc>{SITE}/cart/</loc></url>\n<url><loc>{SITE}/shoes/?sort=price</loc></url>\n<url><loc>{SITE}/shoes/?page=2</loc></url>\n</urlset>\n"))
	zw.Close()
	var site string
	site = pagetesting.Origin(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/sitemap_index.xml":
			fmt.Fprintf(w, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"+
				"<sitemap><loc>%s/products.xml.gz</loc></sitemap>\n<sitemap><loc>%s/pages.txt</loc></sitemap>\n</sitemapindex>\n", site, site)
		case "/products.xml.gz":
			var b bytes.Buffer
			zw := gzip.NewWriter(&b)
			zr, _ := gzip.NewReader(bytes.NewReader(gz.Bytes()))
			var plain bytes.Buffer
			plain.ReadFrom(zr)
			zw.Write(bytes.ReplaceAll(plain.Bytes(), []byte("{SITE}"), []byte(site)))
			zw.Close()
			w.Write(b.Bytes())
		case "/pages.txt":
			fmt.Fprintf(w, "%s/\n%s/about\n%s/boots/?colour=brown\n", site, site, site)
		default:
			http.NotFound(w, r)
		}
	})

	b := pagetesting.NewBrowserWith(t, server.Options{Fetch: &server.FetchOptions{Fetcher: &fetch.Fetcher{Guard: &netguard.Policy{AllowPrivate: true}}}})
	ctx := b.OwnTab(t) // its script for every new document stays with the tab
	// Count what the page hands the worker: a sitemap goes in pieces of at
	// most 1 MiB, never whole (an operation count, not a time).
	pagetesting.Do(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `
			window.feedPieces = [];
			const post = Worker.prototype.postMessage;
			Worker.prototype.postMessage = function (m, ...rest) {
				if (m && m.fn === "sitemapFeed") window.feedPieces.push(m.args[0].byteLength);
				return post.call(this, m, ...rest);
			};`})
		return err
	}))
	b.Open(t, ctx, "#robots="+base64.RawURLEncoding.EncodeToString(robotsB)+"&agent=Googlebot&url=%2F")
	pagetesting.WaitFor(t, ctx, `!document.getElementById("sitemaps-fetch").hidden`)

	// A file: the docs' shop, ten URLs.
	pagetesting.Do(t, ctx, chromedp.SetUploadFiles(chromedp.ID("sitemaps-file"), []string{shop}))
	got, urls := pageSitemapCounts(t, ctx)
	agents := sorted(got)
	if len(agents) < 10 || got["Googlebot"] != "6: 5 by line 7, 1 by line 6" {
		t.Fatalf("the page's answer for %d crawlers: Googlebot %q", len(agents), got["Googlebot"])
	}
	want, total := cliSitemapCounts(t, cli, robots, agents, "--sitemap", shop)
	if fmt.Sprint(got) != fmt.Sprint(want) || urls != total || urls != 10 {
		t.Errorf("the page counts %d URLs:\n%v\nrobotstxt check --sitemap %d:\n%v", urls, got, total, want)
	}
	if ex := pagetesting.Eval[int](t, ctx, `document.querySelectorAll('.sitemap-crawler[data-tokens~="Googlebot"] li[data-line="7"] .examples code').length`); ex != 3 {
		t.Errorf("Googlebot's line 7 shows %d example URLs, want 3", ex)
	}

	pagetesting.Do(t, ctx, chromedp.ScrollIntoView(chromedp.ID("sitemaps")))
	b.Screenshot(t, ctx, "sitemaps", false)

	// A text sitemap of 1.6 MB: read in pieces of at most 1 MiB, every
	// URL counted; Googlebot's line 7 closes the half with a query.
	var big strings.Builder
	for i := range 24000 {
		fmt.Fprintf(&big, "https://shop.example.com/products/item-%05d/?v=%d\n", i, i%2)
		big.WriteString("https://shop.example.com/products/item-" + strconv.Itoa(i) + "/\n")
	}
	bigFile := pagetesting.WriteFile(t, t.TempDir(), "urls.txt", big.String())
	pagetesting.Do(t, ctx, chromedp.Evaluate[chromedp.Void](`window.feedPieces = []`))
	pagetesting.Do(t, ctx, chromedp.SetUploadFiles(chromedp.ID("sitemaps-file"), []string{bigFile}))
	pagetesting.WaitFor(t, ctx, `document.getElementById("sitemaps-status").innerText.includes("urls.txt:")`)
	got, urls = pageSitemapCounts(t, ctx)
	if urls != 48000 || got["Googlebot"] != "24000: 24000 by line 7" {
		t.Errorf("a 48,000-URL sitemap: %d URLs, Googlebot %q", urls, got["Googlebot"])
	}
	pieces := pagetesting.Eval[[]int](t, ctx, `window.feedPieces`)
	sum := 0
	for _, n := range pieces {
		sum += n
		if n > 1<<20 {
			t.Errorf("a piece of %d bytes handed to the worker, over 1 MiB", n)
		}
	}
	if sum != big.Len() || len(pieces) < 2 {
		t.Errorf("%d pieces of %d bytes in all handed to the worker, want %d bytes in at least 2", len(pieces), sum, big.Len())
	}
	pagetesting.Do(t, ctx, chromedp.SetUploadFiles(chromedp.ID("sitemaps-file"), []string{shop}))
	pagetesting.WaitFor(t, ctx, `document.getElementById("sitemaps-status").innerText.includes("sitemap.xml:")`)

	// An edit: the old answer goes at once, and the new one is the
	// command's for the new text. Googlebot's group no longer closes
	// every query.
	edited := strings.Replace(robots, "Disallow: /*?\n", "Disallow: /*?sort=\nDisallow: /about\n", 1)
	pagetesting.SetField(t, ctx, "robots", edited)
	if !pagetesting.Eval[bool](t, ctx, `!document.getElementById("sitemaps-table") && document.getElementById("sitemaps").getAttribute("aria-busy") === "true"`) {
		t.Error("after an edit, the answer for the old robots.txt is still shown, or the card is not busy")
	}
	got, _ = pageSitemapCounts(t, ctx)
	want, _ = cliSitemapCounts(t, cli, edited, agents, "--sitemap", shop)
	if fmt.Sprint(got) != fmt.Sprint(want) || got["Googlebot"] != "4: 2 by line 7, 1 by line 6, 1 by line 8" {
		t.Errorf("after the edit the page counts\n%v\nrobotstxt check --sitemap:\n%v", got, want)
	}

	// Through the server: an index, a gzipped sitemap and a text one.
	pagetesting.TypeInto(t, ctx, "sitemaps-url", site+"/sitemap_index.xml")
	pagetesting.Do(t, ctx, chromedp.Click(chromedp.ID("sitemaps-go")))
	pagetesting.WaitFor(t, ctx, fmt.Sprintf(`document.getElementById("sitemaps-status").innerText.includes(%q)`, "sitemaps read: 3"))
	got, urls = pageSitemapCounts(t, ctx)
	want, total = cliSitemapCounts(t, cli, edited, agents, "--sitemap", site+"/sitemap_index.xml", "--allow-private")
	if fmt.Sprint(got) != fmt.Sprint(want) || urls != total || urls != 6 {
		t.Errorf("an index by URL: the page counts %d URLs:\n%v\nrobotstxt check --sitemap %d:\n%v", urls, got, total, want)
	}
	// The sitemaps are on another host than any robots.txt names: the
	// page says so, as the command does.
	if n := pagetesting.Eval[int](t, ctx, `document.querySelectorAll('#sitemaps-problems li').length`); n != 0 {
		t.Errorf("an index on its own host: %d problems shown", n)
	}

	// Phone widths, every language: nothing wider than the screen, and
	// axe-core finds nothing wrong with the card.
	pagetesting.FitsPhones(t, b, ctx, axe, `!!document.getElementById("sitemaps-table")`, "sitemaps")

	// Broken: an index as a file, a DOCTYPE.
	dir := t.TempDir()
	index := pagetesting.WriteFile(t, dir, "sitemap_index.xml", "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n<sitemap><loc>https://shop.example.com/a.xml.gz</loc></sitemap>\n</sitemapindex>\n")
	pagetesting.Do(t, ctx, chromedp.SetUploadFiles(chromedp.ID("sitemaps-file"), []string{index}))
	pagetesting.WaitFor(t, ctx, `!!document.getElementById("sitemaps-index") && !!document.querySelector('#sitemaps-problems li[data-code="not-fetched"]')`)
	bomb := pagetesting.WriteFile(t, dir, "bomb.xml", "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [<!ENTITY lol \"lol\">]>\n<urlset><url><loc>https://shop.example.com/&lol;</loc></url></urlset>\n")
	pagetesting.Do(t, ctx, chromedp.SetUploadFiles(chromedp.ID("sitemaps-file"), []string{bomb}))
	pagetesting.WaitFor(t, ctx, `!!document.querySelector('#sitemaps-problems li[data-code="doctype"]') && !!document.getElementById("sitemaps-none")`)
	if got := pagetesting.Eval[string](t, ctx, `document.querySelector('#sitemaps-problems li[data-code="doctype"]').innerText`); !strings.Contains(got, "DOCTYPE refused") || !strings.Contains(got, "line 2") {
		t.Errorf("the DOCTYPE problem reads %q", got)
	}

	// The card in the page's languages.
	for _, tt := range []struct{ lang, title, problem string }{
		{"ru", "URL из вашей карты сайта", "DOCTYPE отклонён"}, {"ro", "URL-urile din sitemap", "DOCTYPE refuzat"}, {"en", "Your sitemap's URLs", "DOCTYPE refused"},
	} {
		pagetesting.Do(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`.langs button[data-lang=%q]`, tt.lang))))
		pagetesting.WaitFor(t, ctx, fmt.Sprintf(`document.documentElement.lang === %q && document.getElementById("sitemaps-title").innerText.includes(%q) && document.getElementById("sitemaps-problems").innerText.includes(%q)`, tt.lang, tt.title, tt.problem))
		pagetesting.NoRawMarkup(t, ctx, tt.lang)
	}

	// Nothing of the files reached the server: only the page, and the
	// sitemap addresses asked for.
	for _, r := range b.Received() {
		if r.Method == "POST" && r.URL == "/api/v1/sitemap" && !bytes.Contains(r.Body, []byte("lol")) && !bytes.Contains(r.Body, []byte("shop.example.com")) {
			continue
		}
		if r.Method != "GET" {
			t.Errorf("the page sent %s %s: %.200s", r.Method, r.URL, r.Body)
		}
	}
	for _, p := range b.Problems() {
		t.Errorf("page problem: %s", p)
	}
}
