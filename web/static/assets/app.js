// The robots.txt analyser page. All parsing, matching and auditing happen in
// the Go WebAssembly module, in a worker (engine.js); this file wires the
// page to it and renders the answers. Nothing here sends the text anywhere.

import * as i18n from "./i18n.js";
import { t, tr, num } from "./i18n.js";
import { Engine } from "./engine.js";
import { Editor, readFile } from "./editor.js";
import { parseFragment, buildFragment } from "./permalink.js";
import { EXAMPLES } from "./examples.js";

const $ = (id) => document.getElementById(id);
const MAX_BYTES = 500 * 1024;
// How much of a large file is laid out at first; "show more" asks for all.
const PARSE_LIMIT = 150;
const FINDINGS_SHOWN = 150;

const state = {
  parsed: null, // last parse result
  parsedText: null, // the text it came from
  findings: null, // last lint result
  verdict: null, // last check result
  matrix: null, // last matrix rows
  matrixSet: "default",
  selftest: null,
  crawlers: [],
  version: null,
  focus: 0, // line highlighted by a click
  checkSeq: 0,
  parseSeq: 0,
  parseLimit: PARSE_LIMIT,
  findingsShown: FINDINGS_SHOWN,
};

let engine;
let editor;

// el builds an element: el("p", {class: "x", text: "y"}, child, ...).
function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  e.append(...children.filter((c) => c !== null && c !== undefined && c !== false));
  return e;
}

function ruleText(rule) {
  return `${rule.kind === "allow" ? "Allow" : "Disallow"}: ${rule.pattern}`;
}

function lineButton(line, label) {
  return el("button", {
    type: "button",
    class: "line-link",
    "data-line": String(line),
    "aria-label": i18n.plain(t("line.show", { n: String(line) })),
    text: label || t("line.n", { n: String(line) }),
    onclick: () => focusLine(line),
  });
}

// ---- errors ----------------------------------------------------------

function showError(err) {
  const banner = $("banner");
  let msg;
  if (err && err.fatal) msg = t("error.fatal", { message: err.message });
  else if (err && err.panic) msg = t("error.panic", { message: err.message });
  else msg = t("error.generic", { message: (err && err.message) || String(err) });
  $("banner-text").textContent = msg;
  const details = $("banner-details");
  details.hidden = !(err && err.goStack);
  $("banner-stack").textContent = (err && err.goStack) || "";
  banner.hidden = false;
}

function clearError() {
  $("banner").hidden = true;
}

// ---- highlighting ----------------------------------------------------

function updateBands(flash = false) {
  const bands = [];
  const v = state.verdict;
  if (v) {
    for (const g of v.groups) bands.push({ line: g.line, kind: "group" });
    if (v.rule) bands.push({ line: v.rule.line, kind: v.allowed ? "allow" : "disallow" });
  }
  if (state.focus) bands.push({ line: state.focus, kind: "focus", flash });
  editor.setBands(bands);
}

// focusLine highlights a line of the text and scrolls it into view.
function focusLine(line) {
  state.focus = line;
  updateBands(true);
  editor.reveal(line, { center: true });
  const pane = document.querySelector(".editor-pane");
  const r = pane.getBoundingClientRect();
  if (r.bottom < 0 || r.top > window.innerHeight || getComputedStyle(pane).position !== "sticky") {
    $("editor").scrollIntoView({ block: "center", behavior: "smooth" });
  }
  const text = editor.text.split("\n", line)[line - 1] ?? "";
  $("editor-status").textContent = t("line.focused", { n: String(line), text: text.trim() });
}

// ---- status line -----------------------------------------------------

function renderStatus() {
  const text = editor.text;
  const status = $("editor-status");
  if (!text) {
    status.replaceChildren(tr("editor.statusEmpty"));
    return;
  }
  const bytes = new TextEncoder().encode(text).length;
  const parts = [t("count.bytes", { n: bytes }), t("count.lines", { n: editor.lines })];
  status.replaceChildren(parts.join(" · "));
  if (bytes > MAX_BYTES) {
    status.append(" · ", el("span", { class: "warn", text: t("editor.tooBig", { limit: num(MAX_BYTES / 1024) }) }));
  }
}

function updateStale() {
  $("stale").hidden = !(state.parsedText !== null && state.parsedText !== editor.text);
}

// ---- parse and audit -------------------------------------------------

async function parseNow({ limit = PARSE_LIMIT } = {}) {
  const text = editor.text;
  const seq = ++state.parseSeq;
  const lang = i18n.lang();
  const card = $("structure");
  card.setAttribute("aria-busy", "true");
  $("parse").disabled = true;
  try {
    const [doc, findings] = await Promise.all([
      engine.call("parse", text, String(limit)),
      engine.call("lint", text, lang).catch((err) => ({ error: err })),
    ]);
    if (seq !== state.parseSeq) return;
    state.parsed = doc;
    state.parsedText = text;
    state.parseLimit = limit;
    state.findings = findings;
    state.findingsShown = FINDINGS_SHOWN;
    clearError();
    renderStructure();
    renderAudit();
    updateStale();
  } catch (err) {
    if (seq === state.parseSeq) showError(err);
  } finally {
    if (seq === state.parseSeq) {
      card.removeAttribute("aria-busy");
      $("parse").disabled = false;
    }
  }
}

// showAll lays out the whole file, not just its first rows.
function showAll() {
  if (state.parsedText !== editor.text) editor.text = state.parsedText;
  parseNow({ limit: 0 });
}

async function relint() {
  if (state.parsedText === null) return;
  const seq = state.parseSeq;
  try {
    const findings = await engine.call("lint", state.parsedText, i18n.lang());
    if (seq !== state.parseSeq) return;
    state.findings = findings;
  } catch (err) {
    state.findings = { error: err };
  }
  renderAudit();
}

const OTHER_NOTES = ["crawl-delay", "host", "clean-param", "noindex", "nofollow", "content-signal", "request-rate", "visit-time"];

function otherNote(name) {
  const key = name.toLowerCase();
  return OTHER_NOTES.includes(key) ? t(`other.${key}`) : t("other.unknown");
}

function rec(line, content, note, extra = "") {
  return el("li", { class: `rec ${extra}`.trim() }, lineButton(line), el("span", { class: "text" }, ...content),
    note ? el("span", { class: "note" }, i18n.rich(note)) : null);
}

function keySpan(cls, text) {
  return el("span", { class: cls, text });
}

function renderStructure() {
  const body = $("structure-body");
  const d = state.parsed;
  if (!d) {
    body.replaceChildren(el("p", { class: "muted" }, tr("structure.empty")));
    return;
  }
  const v = state.verdict;
  const applied = new Set(v ? v.groupIndexes : []);
  const decided = v && v.rule ? v.rule.line : 0;
  const c = d.counts;
  const summary = el("ul", { class: "summary" },
    el("li", { text: t("count.bytes", { n: d.parsed }) }),
    el("li", { text: t("count.lines", { n: d.lines }) }),
    el("li", { text: t("count.groups", { n: c.groups }) }),
    el("li", { text: t("count.rules", { n: c.rules }) }),
    el("li", { text: t("count.sitemaps", { n: c.sitemaps }) }),
    el("li", { text: t("count.other", { n: c.other }) }));
  const out = [summary];
  if (d.truncated) {
    out.push(el("p", { class: "notice" }, tr("structure.truncated", { parsed: d.parsed, size: d.size })));
  }
  if (!c.groups && !c.orphans && !c.sitemaps && !c.other) {
    out.push(el("p", { class: "muted" }, tr("structure.nothing")));
  }
  const more = (key, n) => el("button", { type: "button", class: "button small more", text: t(key, { n }), onclick: showAll });
  d.groups.forEach((g, i) => {
    const items = [];
    for (const ua of g.agents) {
      let note = "";
      if (ua.token === "*") note = t("structure.uaAll");
      else if (ua.token === "") note = t("structure.uaEmpty");
      else if (ua.token !== ua.value) note = t("structure.uaToken", { token: ua.token });
      items.push(rec(ua.line, [keySpan("key-ua", "User-agent: "), ua.value], note));
    }
    if (!g.rules.length) items.push(el("li", { class: "rec" }, el("span"), el("span", { class: "note" }, tr("structure.noRules"))));
    for (const rule of g.rules) items.push(ruleRec(rule, d, decided));
    const hidden = d.ruleCounts[i] - g.rules.length;
    if (hidden > 0) items.push(el("li", { class: "rec" }, el("span"), more("structure.moreRules", hidden)));
    const first = g.agents[0].line;
    const last = (g.rules.length ? g.rules[g.rules.length - 1] : g.agents[g.agents.length - 1]).line;
    out.push(el("div", { class: applied.has(i) ? "group applied" : "group", "data-group": String(i) },
      el("h3", {}, el("span", { text: t("structure.group", { n: i + 1 }) }),
        el("span", { class: "muted small", text: applied.has(i) ? t("structure.appliesNow") : t("structure.lines", { from: String(first), to: hidden > 0 ? "…" : String(last) }) })),
      el("ol", {}, ...items)));
  });
  if (c.groups > d.groups.length) out.push(more("structure.moreGroups", c.groups - d.groups.length));
  const section = (title, items) => out.push(el("div", { class: "group" }, el("h3", {}, el("span", {}, tr(title))), el("ol", {}, ...items)));
  const rest = (items, total) => (total > items.length ? [...items, el("li", { class: "rec" }, el("span"), more("structure.moreRecords", total - items.length))] : items);
  if (c.orphans) {
    section("structure.orphans", rest(d.orphans.map((rule) => ruleRec(rule, d, 0, t("structure.orphanNote"))), c.orphans));
  }
  if (c.sitemaps) {
    section("structure.sitemaps", rest(d.sitemaps.map((s) =>
      rec(s.line, [keySpan("key-ua", "Sitemap: "), s.url], /^https?:\/\//i.test(s.url) ? "" : t("structure.sitemapRelative"))), c.sitemaps));
  }
  if (c.other) {
    section("structure.other", rest(d.other.map((o) => rec(o.line, [keySpan("key-other", `${o.name}: `), o.value], otherNote(o.name))), c.other));
  }
  body.replaceChildren(...out);
}

function ruleRec(rule, d, decided, extraNote) {
  const cls = rule.kind === "allow" ? "key-allow" : "key-disallow";
  let note = extraNote || "";
  if (rule.pattern === "") note = t("structure.emptyRule");
  else if (d.canon[rule.line]) note = t("structure.canon", { canon: d.canon[rule.line] });
  return rec(rule.line, [keySpan(cls, rule.kind === "allow" ? "Allow: " : "Disallow: "), rule.pattern], note, rule.line === decided ? "decided" : "");
}

function severityClass(s) {
  s = String(s).toLowerCase();
  if (s.startsWith("err")) return "error";
  if (s.startsWith("warn")) return "warning";
  return "info";
}

function renderAudit() {
  const body = $("audit-body");
  const f = state.findings;
  if (f === null) {
    body.replaceChildren(el("p", { class: "muted" }, tr("audit.empty")));
    return;
  }
  if (f && f.error) {
    body.replaceChildren(el("p", { class: "notice", text: t("audit.unavailable", { message: f.error.message || String(f.error) }) }));
    return;
  }
  if (!f.length) {
    body.replaceChildren(el("p", { class: "good" }, tr("audit.clean")));
    return;
  }
  const counts = { error: 0, warning: 0, info: 0 };
  for (const x of f) counts[severityClass(x.severity)]++;
  const summary = el("ul", { class: "summary" },
    ...["error", "warning", "info"].filter((s) => counts[s]).map((s) =>
      el("li", {}, el("span", { class: `badge ${s}`, text: t(`severity.${s}`) }), " ", num(counts[s]))));
  const items = f.slice(0, state.findingsShown).map((x) => {
    const sev = severityClass(x.severity);
    const open = () => x.line > 0 && focusLine(x.line);
    return el("li", {
      class: `finding ${sev}`,
      tabindex: "0",
      role: "button",
      "data-line": String(x.line || 0),
      onclick: open,
      onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); open(); } },
    },
    el("span", { class: `badge ${sev}`, text: t(`severity.${sev}`) }),
    el("span", { class: "msg" }, x.line > 0 ? el("span", { class: "line-link", text: t("line.n", { n: String(x.line) }) }) : null, " ", x.message),
    x.fix ? el("span", { class: "fix" }, tr("audit.fix", { fix: x.fix })) : null,
    x.id ? el("span", { class: "id", text: x.id }) : null);
  });
  const out = [summary, el("ul", { class: "findings" }, ...items)];
  if (f.length > items.length) {
    out.push(el("button", {
      type: "button", class: "button small more", text: t("audit.more", { n: f.length - items.length }),
      onclick: () => { state.findingsShown = Infinity; renderAudit(); },
    }));
  }
  body.replaceChildren(...out);
}

// ---- matcher ---------------------------------------------------------

let checkTimer = 0;

function scheduleCheck(delay) {
  clearTimeout(checkTimer);
  const size = editor.text.length;
  checkTimer = setTimeout(check, delay ?? (size > 100000 ? 350 : 120));
}

async function check() {
  clearTimeout(checkTimer);
  const text = editor.text;
  const agent = $("agent").value.trim();
  const url = $("url").value.trim() || "/";
  const seq = ++state.checkSeq;
  try {
    const [v, m] = await Promise.all([
      agent ? engine.call("check", text, agent, url) : Promise.resolve(null),
      engine.call("matrix", text, url, i18n.lang(), state.matrixSet),
    ]);
    if (seq !== state.checkSeq) return;
    state.verdict = v;
    state.matrix = m;
    clearError();
    renderVerdict();
    renderMatrix();
    if (state.parsed && state.parsedText === text) markApplied();
    updateBands();
    if (v && v.rule && !state.focus) editor.reveal(v.rule.line, { center: true, ifHidden: true });
  } catch (err) {
    if (seq === state.checkSeq) showError(err);
  }
}

// markApplied updates the parsed view's "applies now" marks without a
// full re-render.
function markApplied() {
  renderStructure();
}

function groupDescription(v) {
  if (!v.groups.length) return [tr("verdict.groupNone")];
  const lines = v.groups.map((g) => el("span", { class: "ua" }, lineButton(g.line), " ", el("code", { text: `User-agent: ${g.value}` })));
  const out = [];
  lines.forEach((l, i) => { if (i) out.push(" "); out.push(l); });
  const note = v.token === "*" ? t("verdict.groupStar")
    : v.agentIsToken ? t("verdict.groupNamed", { token: v.token })
      : t("verdict.groupFound", { token: v.token });
  out.push(el("div", { class: "small muted" }, i18n.rich(note)));
  return out;
}

function reasonDescription(v) {
  switch (v.reason) {
    case "matched-rule": {
      const rule = ruleText(v.rule);
      let s;
      if (v.viaIndexHtml) s = t("reason.index", { rule });
      else if (!v.overruled) s = t("reason.only", { rule, octets: v.ruleOctets });
      else if (v.tie) s = t("reason.tie", { rule, other: ruleText(v.overruled), line: String(v.overruled.line), octets: v.ruleOctets });
      else s = t("reason.longer", { rule, other: ruleText(v.overruled), line: String(v.overruled.line), octets: v.ruleOctets, otherOctets: v.overruledOctets });
      return i18n.rich(s);
    }
    case "no-matching-rule":
      return tr("reason.noRule");
    case "no-group":
      return tr("reason.noGroup");
    case "implicit-robots-txt":
      return tr("reason.robotsTxt");
  }
  return document.createTextNode(v.reason);
}

function renderVerdict() {
  const box = $("verdict");
  const v = state.verdict;
  if (!v) {
    box.className = "verdict empty";
    const key = document.body.dataset.engine !== "ready" ? "verdict.loading"
      : $("agent").value.trim() ? "verdict.none" : "verdict.needAgent";
    box.replaceChildren(el("p", {}, tr(key)));
    return;
  }
  box.className = `verdict ${v.allowed ? "allowed" : "disallowed"}`;
  const decided = v.rule
    ? [lineButton(v.rule.line), " ", el("code", { text: ruleText(v.rule) })]
    : [tr("verdict.noRule")];
  box.replaceChildren(
    el("div", { class: "verdict-head" },
      el("span", { class: "verdict-word", id: "verdict-word", text: t(v.allowed ? "verdict.allowed" : "verdict.disallowed") }),
      el("span", { class: "verdict-subject", text: `${v.agent} → ${v.url}` })),
    el("dl", {},
      el("dt", { text: t("verdict.decidedBy") }), el("dd", { id: "verdict-rule" }, ...decided),
      el("dt", { text: t("verdict.group") }), el("dd", {}, ...groupDescription(v)),
      el("dt", { text: t("verdict.why") }), el("dd", { id: "verdict-why" }, reasonDescription(v)),
      el("dt", { text: t("verdict.path") }), el("dd", {}, el("code", { text: v.path }))));
}

function renderMatrix() {
  const body = $("matrix-body");
  const rows = state.matrix;
  const url = $("url").value.trim() || "/";
  $("matrix-intro").replaceChildren(tr("matrix.intro", { url }));
  if (!rows) {
    body.replaceChildren();
    return;
  }
  const section = (key) => el("tr", { class: "section-row" }, el("th", { colspan: "3", text: t(key) }));
  const tbody = el("tbody");
  let last = "";
  for (const row of rows) {
    const c = row.crawler;
    const kind = c.token === "*" ? "all" : c.ai ? "ai" : c.purpose === "search" ? "search" : "other";
    if (kind !== last && kind !== "all") tbody.append(section(`matrix.section.${kind}`));
    last = kind;
    const v = row.verdict;
    const name = c.token === "*"
      ? el("span", {}, el("strong", { text: t("matrix.all") }), " ", el("code", { text: "*" }))
      : el("button", {
        type: "button", class: "line-link", text: c.token, title: i18n.plain(t("matrix.use", { token: c.token })),
        onclick: () => { $("agent").value = c.token; check(); },
      });
    const decided = v.rule ? el("span", {}, lineButton(v.rule.line), " ", el("code", { text: ruleText(v.rule) })) : el("span", { class: "muted", text: t(`matrix.reason.${v.reason}`) });
    if (c.notes && name.tagName === "BUTTON") name.title = c.notes;
    const who = [c.operator, c.token === "*" ? "" : c.purposeLabel].filter(Boolean).join(" · ");
    tbody.append(el("tr", { "data-token": c.token },
      el("td", {}, name, who ? el("span", { class: "who", text: who }) : null),
      el("td", {}, el("span", { class: `badge ${v.allowed ? "allowed" : "disallowed"}`, text: t(v.allowed ? "verdict.allowed" : "verdict.disallowed") }),
        row.closed ? el("span", { class: "route", text: t("matrix.closed") }) : null),
      el("td", {}, decided, row.note ? el("span", { class: "route", text: row.note }) : null)));
  }
  const table = el("table", { class: "matrix" },
    el("thead", {}, el("tr", {},
      el("th", { text: t("matrix.crawler") }), el("th", { text: t("matrix.verdict") }),
      el("th", { text: t("matrix.rule") }))),
    tbody);
  const toggle = el("button", {
    type: "button", class: "button small more",
    text: t(state.matrixSet === "all" ? "matrix.fewer" : "matrix.more"),
    onclick: () => { state.matrixSet = state.matrixSet === "all" ? "default" : "all"; check(); },
  });
  body.replaceChildren(el("div", { class: "table-wrap" }, table), toggle);
}

// ---- self-test -------------------------------------------------------

async function runSelftest() {
  try {
    state.selftest = await engine.call("selftest");
    clearError();
  } catch (err) {
    showError(err);
    return;
  }
  renderSelftest();
}

// The self-test's topics, in the order it shows them.
const TOPICS = ["longest-match", "allow-wins-tie", "group-merging", "star-fallback", "path-case", "agent-case",
  "product-token", "wildcard", "end-anchor", "implicit-robots-txt", "percent-encoding", "sitemaps", "negative-paths", "syntax"];

function expectation(c) {
  if (c.sitemaps) return t("selftest.sitemaps", { n: c.sitemaps.length });
  const word = t(c.allowed ? "verdict.allowed" : "verdict.disallowed");
  return c.line ? t("selftest.byLine", { verdict: word, n: String(c.line) }) : `${word} (${t(`matrix.reason.${c.reason}`)})`;
}

function renderSelftest() {
  const body = $("selftest-body");
  const res = state.selftest;
  if (!res) {
    body.replaceChildren();
    return;
  }
  const order = (r) => { const i = TOPICS.indexOf(r.topic); return i < 0 ? TOPICS.length : i; };
  const sorted = res.map((r, i) => [r, i]).sort((a, b) => order(a[0]) - order(b[0]) || a[1] - b[1]).map((x) => x[0]);
  const passed = res.filter((r) => r.pass).length;
  const ok = passed === res.length;
  const summary = el("p", { class: `selftest-summary ${ok ? "pass" : "fail"}`, id: "selftest-summary", "data-passed": String(passed), "data-total": String(res.length) },
    t(ok ? "selftest.allPass" : "selftest.someFail", { n: res.length, passed, failed: res.length - passed }));
  const tbody = el("tbody");
  let topic = "";
  for (const r of sorted) {
    if (r.topic !== topic) {
      topic = r.topic;
      tbody.append(el("tr", { class: "section-row" }, el("th", { colspan: "4", text: i18n.has(`selftest.topic.${topic}`) ? t(`selftest.topic.${topic}`) : topic })));
    }
    tbody.append(el("tr", { class: r.pass ? "pass" : "fail" },
      el("td", {}, el("span", { class: `badge ${r.pass ? "pass" : "fail"}`, text: t(r.pass ? "selftest.pass" : "selftest.fail") })),
      el("td", {}, el("div", { text: r.name }), el("div", { class: "small muted" },
        r.agent ? el("code", { text: r.agent }) : null, r.url ? " → " : null, r.url ? el("code", { text: r.url }) : null, " · ", r.ref)),
      el("td", { class: "got" }, el("div", { text: t("selftest.expected", { what: expectation(r) }) }), el("div", { text: t("selftest.got", { what: r.got }) })),
      el("td", {}, el("button", {
        type: "button", class: "button small", text: t("selftest.try"),
        onclick: () => loadCase(r),
      }))));
  }
  body.replaceChildren(summary, el("div", { class: "table-wrap" }, el("table", { class: "selftest" }, tbody)));
}

function loadCase(r) {
  editor.text = r.robots;
  $("agent").value = r.agent || "";
  $("url").value = r.url || "";
  state.focus = 0;
  afterTextChange();
  parseNow();
  check();
  $("editor").scrollIntoView({ block: "nearest" });
}

// ---- loading text ----------------------------------------------------

function afterTextChange() {
  renderStatus();
  updateStale();
}

function loadExample(id) {
  const ex = EXAMPLES.find((e) => e.id === id);
  if (!ex) return;
  editor.text = ex.text;
  $("agent").value = ex.agent;
  $("url").value = ex.url;
  state.focus = 0;
  afterTextChange();
  parseNow();
  check();
}

async function loadFile(file) {
  try {
    const { text, cut, size, name } = await readFile(file);
    editor.text = text;
    state.focus = 0;
    afterTextChange();
    if (cut) showError(new Error(t("editor.fileCut", { name, size: num(size) })));
    parseNow();
    check();
  } catch (err) {
    showError(err);
  }
}

function fillExamples() {
  const sel = $("example");
  const first = sel.options[0];
  sel.replaceChildren(first, ...EXAMPLES.map((ex) => el("option", { value: ex.id, text: i18n.plain(t(`example.${ex.id}`)) })));
  first.textContent = i18n.plain(t("editor.example"));
}

function fillCrawlers() {
  $("crawler-list").replaceChildren(...state.crawlers.map((c) =>
    el("option", { value: c.token, label: [c.operator, c.purposeLabel].filter(Boolean).join(" · ") })));
}

async function loadCrawlers() {
  try {
    state.crawlers = await engine.call("crawlers", i18n.lang());
    fillCrawlers();
  } catch (err) {
    showError(err);
  }
}

function renderBuildInfo() {
  const v = state.version;
  $("build-info").textContent = v ? t("footer.build", { go: v.go, limit: num(v.maxBytes / 1024) }) : "";
}

// ---- permalink -------------------------------------------------------

function currentFragment() {
  return buildFragment({ robots: editor.text, agent: $("agent").value.trim(), url: $("url").value.trim(), lang: i18n.lang() });
}

async function copyLink() {
  const frag = currentFragment();
  history.replaceState(null, "", location.pathname + location.search + frag);
  const href = location.href;
  const box = $("link-box");
  const out = $("link-out");
  out.value = href;
  box.hidden = false;
  const btn = $("copy-link");
  let copied = false;
  try {
    await navigator.clipboard.writeText(href);
    copied = true;
  } catch (err) {
    out.focus();
    out.select();
  }
  btn.textContent = t(copied ? "editor.linkCopied" : "editor.linkReady");
  setTimeout(() => { btn.textContent = t("editor.link"); }, 2500);
}

// applyFragment loads the state a link carries. With only agent and url,
// the text already in the box is kept.
async function applyFragment(f) {
  if (f.robotsError) showError(new Error(t("error.badLink")));
  if (f.lang && f.lang !== i18n.lang()) await setLang(f.lang, false);
  if (f.robots !== undefined) {
    editor.text = f.robots;
    state.focus = 0;
    afterTextChange();
  }
  if (f.agent !== undefined) $("agent").value = f.agent;
  if (f.url !== undefined) $("url").value = f.url;
  if (f.robots !== undefined || (editor.text && state.parsedText === null)) parseNow();
  check();
}

// ---- language --------------------------------------------------------

async function setLang(l, remember = true) {
  await i18n.load(l, { remember });
  i18n.apply();
  for (const b of document.querySelectorAll(".langs button")) b.setAttribute("aria-pressed", String(b.dataset.lang === l));
  fillExamples();
  renderStatus();
  renderVerdict();
  renderMatrix();
  renderStructure();
  renderAudit();
  renderSelftest();
  renderBuildInfo();
  if (remember && /[#&]lang=/.test(location.hash)) {
    history.replaceState(null, "", location.hash.replace(/([#&]lang=)[^&]*/, `$1${l}`));
  }
  if (engine) {
    relint();
    check();
    loadCrawlers();
  }
}

// ---- start -----------------------------------------------------------

async function main() {
  const frag = parseFragment(location.hash);
  editor = new Editor({ textarea: $("robots"), gutter: $("gutter"), bands: $("bands"), container: $("editor") });
  await setLang(i18n.pick(frag.lang), false);
  document.body.classList.remove("loading");

  engine = new Engine(new URL("./worker.js", import.meta.url));
  engine.onfatal = showError;
  document.body.dataset.engine = "loading";

  $("robots").addEventListener("input", () => {
    state.focus = 0;
    afterTextChange();
    scheduleCheck();
  });
  $("robots").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      parseNow();
    }
  });
  $("parse").addEventListener("click", () => { parseNow(); check(); });
  $("example").addEventListener("change", (e) => {
    loadExample(e.target.value);
    e.target.value = "";
  });
  $("file").addEventListener("change", (e) => {
    const f = e.target.files[0];
    if (f) loadFile(f);
    e.target.value = "";
  });
  editor.onDrop(loadFile);
  // A file dropped anywhere else is opened too, rather than replacing the
  // page with the file.
  window.addEventListener("dragover", (e) => {
    if (e.dataTransfer && Array.from(e.dataTransfer.types || []).includes("Files")) e.preventDefault();
  });
  window.addEventListener("drop", (e) => {
    const file = e.dataTransfer && e.dataTransfer.files[0];
    if (!file) return;
    e.preventDefault();
    loadFile(file);
  });
  $("agent").addEventListener("input", () => { state.focus = 0; scheduleCheck(); });
  $("url").addEventListener("input", () => { state.focus = 0; scheduleCheck(); });
  $("check-form").addEventListener("submit", (e) => { e.preventDefault(); state.focus = 0; check(); });
  $("copy-link").addEventListener("click", copyLink);
  $("run-selftest").addEventListener("click", runSelftest);
  for (const b of document.querySelectorAll(".langs button")) {
    b.addEventListener("click", () => setLang(b.dataset.lang, true));
  }
  window.addEventListener("hashchange", () => applyFragment(parseFragment(location.hash)));

  // Show the link's text at once; the verdict follows when the engine is up.
  if (frag.robots !== undefined) editor.text = frag.robots;
  if (frag.agent !== undefined) $("agent").value = frag.agent;
  if (frag.url !== undefined) $("url").value = frag.url;
  renderStatus();
  renderVerdict();
  renderMatrix();
  try {
    await engine.ready;
  } catch (err) {
    document.body.dataset.engine = "failed";
    return;
  }
  document.body.dataset.engine = "ready";
  try {
    state.version = await engine.call("version");
    renderBuildInfo();
  } catch (err) {
    showError(err);
  }
  await Promise.all([loadCrawlers(), applyFragment(frag)]);
  // Everything the page renders at start is in place: tests wait for this
  // before they click, so that no late layout moves a button away.
  document.body.dataset.settled = "true";
}

main().catch(showError);
