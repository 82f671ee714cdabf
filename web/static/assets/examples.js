// Example files for "Load example". Their names are in the catalogues
// (example.<id>); agent and url are what the matcher is set to, chosen to
// show the point of each example.

export const EXAMPLES = [
  {
    id: "examplebot",
    agent: "ExampleBot",
    url: "/catalog/item",
    text: `User-agent: *
Disallow: /catalog/

User-agent: ExampleBot
Disallow: /catalog/private/
Allow: /catalog/private/help/

User-agent: examplebot
Disallow: /exports/
Allow: /exports/public/
`,
  },
  {
    id: "longest",
    agent: "Googlebot",
    url: "/private/press.html",
    text: `# The longest matching rule wins, wherever it is in the file.
User-agent: *
Disallow: /private/
Allow: /private/press.html

# Equally long allow and disallow: allow wins.
Disallow: /drafts
Allow: /drafts

Sitemap: https://www.example.com/sitemap.xml
`,
  },
  {
    id: "wildcards",
    agent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    url: "https://www.example.com/reports/2024.pdf",
    text: `User-agent: Googlebot
# * matches any run of characters, $ anchors the end of the URL.
Disallow: /*.pdf$
Disallow: /*?sessionid=
Disallow: /search
Allow: /search/about$

User-agent: *
Disallow: /search
`,
  },
  {
    id: "ai",
    agent: "GPTBot",
    url: "/blog/2024/our-story",
    text: `# Search engines are welcome everywhere.
User-agent: *
Allow: /

# AI training crawlers are asked to stay away.
User-agent: GPTBot
User-agent: ClaudeBot
User-agent: CCBot
User-agent: Google-Extended
User-agent: Applebot-Extended
User-agent: Meta-ExternalAgent
User-agent: Bytespider
Disallow: /

Sitemap: https://www.example.com/sitemap.xml
`,
  },
  {
    id: "yandex",
    agent: "Yandex",
    url: "/catalog/phones?ref=mail&sort=price",
    text: `User-agent: Yandex
Disallow: /admin/
Disallow: /*?utm_
Clean-param: ref&sort /catalog/
Host: https://www.example.ru

User-agent: Googlebot
Disallow: /admin/

User-agent: *
Disallow: /admin/
Disallow: /catalog/
Crawl-delay: 5

Sitemap: https://www.example.ru/sitemap.xml
`,
  },
  {
    id: "mistakes",
    agent: "Googlebot",
    url: "/admin/users",
    text: `Disallow: /tmp/
User-agent: *
Disalow: /private/
Disallow /old-site/
Disallow:
Disallow: search/
Disallow: /*.css$
Disallow: /page$draft
Noindex: /drafts/
Crawl-delay: 10
Sitemap: /sitemap.xml

User-agent: Googlebot
Disallow: /Admin/
`,
  },
  {
    id: "staging",
    agent: "bingbot",
    url: "/products/new-launch",
    text: `# A staging site: everything is closed...
User-agent: *
Disallow: /
# ...yet /robots.txt itself is always allowed.
`,
  },
];
