// The robots.txt analyser page. All parsing, matching and auditing happen in
// the Go WebAssembly module, in a worker (engine.js); this file wires the
// page to it and renders the answers. Nothing here sends the text anywhere.

import * as i18n from "./i18n.js";
import { t, tr, num } from "./i18n.js";
import { Engine } from "./engine.js";
import { Editor } from "./editor.js";
import { parseFragment, buildFragment, toBase64url, fromBase64url } from "./permalink.js";
import { readFile, display, describe, encode, download, fileLines, MAX_FILE_BYTES } from "./source.js";
import { EXAMPLES } from "./examples.js";
import { ManyURLs } from "./many.js";
import { Compare } from "./compare.js";
import { FetchSite } from "./fetchsite.js";
import { usageRows } from "./usage.js";
import { Builder } from "./builder.js";
import { LogCheck } from "./logs.js";
import { SitemapCheck } from "./sitemaps.js";
import { PageState, DOC, AGENT, URL_, MODE, SET, LISTS, OTHER } from "./state.js";

const $ = (id) => document.getElementById(id);
const MAX_BYTES = 500 * 1024;
// How much of a large file is laid out at first; "show more" asks for all.
const PARSE_LIMIT = 150;
const FINDINGS_SHOWN = 150;
// A link longer than this may be cut by chat tools and mail clients.
const LONG_LINK = 8000;
const TEXT_KEY = "robotstxt.text";
const SEVERITIES = ["error", "warning", "info"];

// ps is the page's one state (state.js): the versions of the document and
// of the user's inputs, and the views derived from them, each marked busy
// while it is not about the state now.
const ps = new PageState({ label: () => i18n.plain(t("busy.recomputing")) });

// state holds the answers and what the page shows of them; what each is
// about is ps's business.
const state = {
  // src is the opened, dropped, linked or restored file: {bytes, name,
  // size, lines, cut, encoding}. Its bytes are analysed until the text is
  // edited (edited), after which the editor's text is.
  src: null,
  edited: false,
  // rev is the document's version (ps.doc): bumped on every change of the text.
  get rev() { return ps.doc; },
  parsedRev: -1, // the document's version the parse result is of
  parsedTicket: null, // the request the parse result answered
  parsing: false, // a parse is under way
  example: "", // the example loaded, until an edit
  damaged: "", // why the link opened was damaged
  // unfetched is the answer of a fetch that brought no file (5xx,
  // refused, unreachable): there is no file to give a verdict on.
  unfetched: null,
  auditFilter: new Set(SEVERITIES),
  parsed: null, // last parse result
  findings: null, // last lint result
  verdict: null, // last check result
  matrix: null, // last matrix rows
  matrixSet: "default",
  selftest: null,
  crawlers: [],
  version: null,
  focus: 0, // line highlighted by a click
  parseLimit: PARSE_LIMIT,
  findingsShown: FINDINGS_SHOWN,
};

let engine;
let editor;
let many;
let compare;
let logCheck;
let sitemapCheck;
let fetchSite;

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

// ruleText writes a rule; shown, when given, is its pattern as matched
// (for a pattern that is not UTF-8, which JSON cannot carry as it is).
function ruleText(rule, shown) {
  return `${rule.kind === "allow" ? "Allow" : "Disallow"}: ${shown || rule.pattern}`;
}

function lineButton(line, label) {
  return el("button", {
    type: "button",
    class: "line-link",
    "data-line": String(line),
    title: i18n.plain(t("line.show", { n: String(line) })),
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

// notice shows a message that stays until the user dismisses it (or the
// page replaces it with a newer one of the same id): about the file, the
// link, or the text. actions are [{label, onclick}] buttons.
// content and an action's label may be functions that return the text:
// those are called again when the language changes, so that a notice never
// stays in the old language.
const shownNotices = new Map();
function notice(id, content, { kind = "info", actions = [] } = {}) {
  shownNotices.set(id, () => notice(id, content, { kind, actions }));
  const list = $("notices");
  const old = list.querySelector(`[data-notice="${id}"]`);
  const text = typeof content === "function" ? content() : content;
  const label = (l) => (typeof l === "function" ? l() : l);
  const item = el("li", { class: `notice-item ${kind}`, "data-notice": id, role: kind === "error" ? "alert" : null },
    el("div", { class: "notice-text" }, typeof text === "string" ? i18n.rich(text) : text),
    el("div", { class: "notice-actions" },
      ...actions.map((a) => el("button", { type: "button", class: "button small", text: label(a.label), onclick: a.onclick })),
      el("button", {
        type: "button", class: "button small dismiss", "aria-label": i18n.plain(t("notice.dismiss")), text: "×",
        onclick: () => dropNotice(id),
      })));
  if (old) old.replaceWith(item);
  else list.append(item);
  list.hidden = false;
}

function relabelNotices() {
  for (const redo of [...shownNotices.values()]) redo();
}

function dropNotice(id) {
  shownNotices.delete(id);
  const list = $("notices");
  const old = list.querySelector(`[data-notice="${id}"]`);
  if (old) old.remove();
  list.hidden = !list.children.length;
}

// ---- highlighting ----------------------------------------------------

// cutLine is the first line past the 500 KiB limit of the text shown, or 0.
function cutLine() {
  return state.parsed && ps.current("structure") ? state.parsed.cutLine || 0 : 0;
}

function updateBands(flash = false) {
  const bands = [];
  const marks = [];
  // A verdict about an older text marks nothing: its lines may be other
  // lines of the text now shown.
  const v = ps.current("verdict") ? state.verdict : null;
  const cut = cutLine();
  if (cut) bands.push({ line: cut, kind: "cut", toEnd: true });
  if (v) {
    for (const g of v.groups) bands.push({ line: g.line, kind: "group" });
    if (v.rule) {
      const kind = v.allowed ? "allow" : "disallow";
      bands.push({ line: v.rule.line, kind });
      marks.push({ line: v.rule.line, kind, title: i18n.plain(t("mark.verdict", { verdict: t(`verdict.${kind === "allow" ? "allowed" : "disallowed"}`), agent: v.agent })) });
    }
  }
  if (cut) marks.push({ line: cut, kind: "cut", title: i18n.plain(t("mark.cut", { limit: num(MAX_BYTES / 1024) })) });
  const f = state.findings;
  // The markers of the last audit stay while the text is being typed, until
  // the next audit (a moment later) replaces them; not over a new text (a
  // file, an example), whose lines are others.
  if (Array.isArray(f) && (ps.current("audit") || !state.replaced)) {
    for (const m of findingMarks(f)) marks.push(m);
  }
  if (state.focus) bands.push({ line: state.focus, kind: "focus", flash });
  editor.setBands(bands);
  editor.setMarks(marks);
  state.oldMarks = Array.isArray(f) && !ps.current("audit") && !state.replaced;
  stampBands();
  bandsKey = bandsSources();
}

// stampBands says which version the bands and the gutter's markers are
// about. The bands are about the state now (a verdict that is not is drawn
// as none); the gutter is aria-busy while it keeps the markers of an older
// audit.
function stampBands() {
  $("bands").dataset.version = String(ps.version);
  const gutter = $("gutter");
  if (state.oldMarks) {
    gutter.setAttribute("aria-busy", "true");
    gutter.dataset.version = String(ps.views.get("audit").shown);
  } else {
    gutter.removeAttribute("aria-busy");
    gutter.dataset.version = String(ps.version);
  }
}

// bandsSources says which of the views the bands come from are current.
let bandsKey = "";
let bandsLater = false; // the caller draws the bands itself
function bandsSources() {
  return `${ps.current("verdict")}|${ps.current("structure")}|${ps.current("audit")}`;
}

// bandsFollow draws the bands again when a view they come from becomes
// current or stops being current (an answer arrived, an input changed).
function bandsFollow() {
  stampBands();
  if (!editor || bandsLater || bandsSources() === bandsKey) return;
  updateBands();
}

// findingMarks are the gutter's markers of an audit, errors first. A large
// file has thousands of findings and the bands change on every keystroke:
// they are sorted once per audit, and each tooltip is written only when
// the editor lays its marker out.
let findingMarksOf = null;
let findingMarksMemo = [];
function findingMarks(f) {
  if (f !== findingMarksOf) {
    findingMarksOf = f;
    findingMarksMemo = sortFindings(f).filter((x) => x.line > 0).map((x) => {
      const kind = severityClass(x.severity);
      return { line: x.line, kind, title: () => `${t(`severity.${kind}`)}: ${x.message}` };
    });
  }
  return findingMarksMemo;
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

// mode is how crawler names are resolved: with each crawler's documented
// fallbacks (the default, as in "robotstxt check") or without.
function mode() {
  return $("fallback").checked ? "" : "no-fallback";
}

// input is what the analyser reads: the file's bytes until the text is
// edited, then the text (as UTF-8).
function input() {
  return state.src && !state.edited ? state.src.bytes : editor.text;
}

function renderStatus() {
  const text = editor.text;
  const status = $("editor-status");
  if (!text && !(state.src && !state.edited && state.src.bytes.length)) {
    status.replaceChildren(tr("editor.statusEmpty"));
    return;
  }
  const src = state.src && !state.edited ? state.src : null;
  const bytes = src ? src.bytes.length : encode(text).length;
  const parts = [];
  if (src && src.name) parts.push(src.name);
  // Lines counted as the parser counts them, so that the status line and
  // the parsed view give one number.
  parts.push(t("count.bytes", { n: bytes }), t("count.lines", { n: fileLines(src ? src.bytes : text) }));
  if (src) {
    const d = describe(src.bytes);
    if (d.bom) parts.push(t("editor.bom"));
    if (d.endings) parts.push(t(d.mixed ? "editor.endingsMixed" : "editor.endings", { endings: d.endings }));
    if (src.encoding !== "utf-8") parts.push(src.encoding === "latin1" ? t("editor.notUTF8") : t("editor.notUTF8As", { encoding: src.encoding }));
  } else if (state.src) {
    parts.push(t("editor.editedShort"));
  }
  status.replaceChildren(parts.join(" · "));
  if (bytes > MAX_BYTES) {
    status.append(" · ", el("span", { class: "warn", text: t("editor.tooBig", { limit: num(MAX_BYTES / 1024) }) }));
  }
}

function updateStale() {
  $("stale").hidden = !(state.parsed && !ps.current("structure"));
}

// The views of this file, registered with the state: each is greyed and
// marked aria-busy while what it shows is about another version of the
// text or of the inputs it depends on, from the change until the answer
// for the new version arrives. A view never shows an older answer as if
// current.
function registerViews() {
  // Before the first answer the verdict box says the analyser is
  // starting: that is about no text, so it is never stale.
  ps.view("verdict", { el: $("verdict"), deps: [DOC, AGENT, URL_, MODE], empty: () => !state.checked });
  ps.view("matrix", { el: $("matrix-body"), deps: [DOC, URL_, MODE, SET], empty: () => !state.matrix });
  ps.view("audit", { el: $("audit-body"), deps: [DOC], empty: () => state.findings === null });
  ps.view("structure", {
    el: $("structure-body"), busyEl: $("structure"), deps: [DOC],
    empty: () => !state.parsed, busy: () => state.parsing,
  });
  ps.onmark = () => {
    updateStale();
    bandsFollow();
  };
}

// ---- parse and audit -------------------------------------------------

// The audit follows the text as it is typed or pasted: parsing and
// linting run in the worker, a moment after the last keystroke.
let parseTimer = 0;
function scheduleParse() {
  clearTimeout(parseTimer);
  parseTimer = setTimeout(() => parseNow(), editor.text.length > 100000 ? 600 : 250);
}

// parseNow parses and audits the text as it is now. The parsed view and the
// audit each take a ticket: the answer of a parse that a later one
// superseded is dropped.
async function parseNow({ limit = PARSE_LIMIT } = {}) {
  clearTimeout(parseTimer);
  const text = input();
  const ts = ps.request("structure");
  const ta = ps.request("audit");
  const lang = i18n.lang();
  state.parsing = true;
  ps.mark("structure");
  $("parse").disabled = true;
  try {
    const [doc, findings] = await Promise.all([
      engine.call("parse", text, String(limit)),
      engine.call("lint", text, lang).catch((err) => ({ error: err })),
    ]);
    if (!ps.latest(ts) || !ps.latest(ta)) return;
    state.parsed = doc;
    state.parsedInput = text;
    state.parsedRev = ts.doc;
    state.parsedTicket = ts;
    if (ps.fresh(ts)) state.replaced = false;
    state.parseLimit = limit;
    state.findings = findings;
    state.findingsShown = FINDINGS_SHOWN;
    clearError();
    state.parsing = false;
    ps.shows("structure", ts);
    ps.shows("audit", ta);
    renderStructure();
    renderAudit();
    updateBands();
  } catch (err) {
    if (ps.latest(ts)) showError(err);
  } finally {
    if (ts.seq === ps.views.get("structure").seq) {
      state.parsing = false;
      ps.mark("structure");
      $("parse").disabled = false;
    }
  }
}

// showAll lays out the whole file, not just its first rows.
function showAll() {
  parseNow({ limit: 0 });
}

// relint audits again, in the page's language, the text the audit on
// screen is about; a parse asked for since supersedes it.
async function relint() {
  if (state.parsedInput === undefined) return;
  // A parse under way is of a newer text: it is asked again, in this
  // language.
  if (state.parsing) {
    parseNow({ limit: state.parseLimit });
    return;
  }
  const ta = ps.request("audit");
  const about = state.parsedTicket;
  let findings;
  try {
    findings = await engine.call("lint", state.parsedInput, i18n.lang());
  } catch (err) {
    findings = { error: err };
  }
  if (!ps.latest(ta)) return;
  state.findings = findings;
  ps.shows("audit", about);
  renderAudit();
  updateBands();
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
  const v = ps.current("verdict") && ps.current("structure") ? state.verdict : null;
  const applied = new Set(v ? v.groupIndexes : []);
  const decided = v && v.rule ? v.rule.line : 0;
  const c = d.counts;
  const summary = el("ul", {
    class: "summary", "data-rev": String(state.parsedRev), "data-size": String(d.size), "data-parsed": String(d.parsed),
    "data-lines": String(d.lines), "data-groups": String(c.groups), "data-rules": String(c.rules),
    "data-sitemaps": String(c.sitemaps), "data-other": String(c.other),
  },
    el("li", { text: t("count.bytes", { n: d.parsed }) }),
    el("li", { text: t("count.lines", { n: d.lines }) }),
    el("li", { text: t("count.groups", { n: c.groups }) }),
    el("li", { text: t("count.rules", { n: c.rules }) }),
    el("li", { text: t("count.sitemaps", { n: c.sitemaps }) }),
    el("li", { text: t("count.other", { n: c.other }) }));
  const out = [summary];
  if (d.truncated) {
    out.push(el("p", { class: "notice" }, tr("structure.truncated", { parsed: t("count.bytes", { n: d.parsed }), size: t("count.bytes", { n: d.size }), line: String(d.cutLine || 0) })));
  }
  if (!c.groups && !c.orphans && !c.sitemaps && !c.other) {
    out.push(el("p", { class: "muted" }, tr("structure.nothing")));
  }
  const more = (key, n) => el("button", { type: "button", class: "button small more", text: t(key, { n }), onclick: showAll });
  // The records laid out, over all the groups: a large file has hundreds
  // of groups of dozens of rules, tens of thousands of elements to lay out
  // after each parse (docs/performance.md).
  let budget = state.parseLimit || Infinity;
  let shown = 0;
  for (const [i, g] of d.groups.entries()) {
    if (budget <= 0) break;
    shown++;
    const items = [];
    for (const ua of g.agents) {
      let note = "";
      if (ua.token === "*") note = t("structure.uaAll");
      else if (ua.token === "") note = t("structure.uaEmpty");
      else if (ua.token !== ua.value) note = t("structure.uaToken", { token: ua.token });
      items.push(rec(ua.line, [keySpan("key-ua", "User-agent: "), ua.value], note));
    }
    if (!g.rules.length) items.push(el("li", { class: "rec" }, el("span"), el("span", { class: "note" }, tr("structure.noRules"))));
    const rules = g.rules.slice(0, Math.max(1, budget - items.length));
    budget -= items.length + rules.length;
    for (const rule of rules) items.push(ruleRec(rule, d, decided));
    const hidden = d.ruleCounts[i] - rules.length;
    if (hidden > 0) items.push(el("li", { class: "rec" }, el("span"), more("structure.moreRules", hidden)));
    const first = g.agents[0].line;
    const last = (rules.length ? rules[rules.length - 1] : g.agents[g.agents.length - 1]).line;
    out.push(el("div", { class: applied.has(i) ? "group applied" : "group", "data-group": String(i) },
      el("h3", {}, el("span", { text: t("structure.group", { n: i + 1 }) }),
        el("span", { class: "muted small", text: applied.has(i) ? t("structure.appliesNow") : t("structure.lines", { from: String(first), to: hidden > 0 ? "…" : String(last) }) })),
      el("ol", {}, ...items)));
  }
  if (c.groups > shown) out.push(more("structure.moreGroups", c.groups - shown));
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

// sortFindings puts errors first, then warnings, then notes, each in line
// order: a file with a thousand notes shows its one error at the top.
function sortFindings(f) {
  const rank = (x) => SEVERITIES.indexOf(severityClass(x.severity));
  return f.map((x, i) => [x, i]).sort((a, b) => rank(a[0]) - rank(b[0]) || a[1] - b[1]).map((p) => p[0]);
}

function renderAudit() {
  const body = $("audit-body");
  const f = state.findings;
  body.dataset.rev = String(state.parsedRev);
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
  // The severity badges are filters: each shows or hides its findings.
  const filters = el("div", { class: "filters", role: "group", "aria-label": i18n.plain(t("audit.filter")) },
    ...SEVERITIES.filter((sev) => counts[sev]).map((sev) => el("button", {
      type: "button", class: `filter badge ${sev}`, "data-severity": sev,
      "aria-pressed": String(state.auditFilter.has(sev)),
      text: t(`audit.count.${sev}`, { n: counts[sev] }),
      onclick: () => {
        if (state.auditFilter.has(sev)) state.auditFilter.delete(sev);
        else state.auditFilter.add(sev);
        renderAudit();
        // The buttons were laid out anew: the focus stays on this one.
        const again = $("audit-body").querySelector(`.filter[data-severity="${sev}"]`);
        if (again) again.focus();
      },
    })));
  const shown = sortFindings(f).filter((x) => state.auditFilter.has(severityClass(x.severity)));
  const items = shown.slice(0, state.findingsShown).map((x) => {
    const sev = severityClass(x.severity);
    return el("li", { class: `finding ${sev}`, "data-line": String(x.line || 0), "data-severity": sev },
      el("span", { class: `badge ${sev}`, text: t(`severity.${sev}`) }),
      el("span", { class: "msg" }, x.line > 0 ? lineButton(x.line) : null, " ", x.message),
      x.fix ? el("span", { class: "fix" }, tr("audit.fix", { fix: x.fix })) : null,
      x.id ? el("span", { class: "id", text: x.id }) : null);
  });
  const out = [filters, el("ul", { class: "findings" }, ...items)];
  if (!shown.length) out.push(el("p", { class: "muted", text: t("audit.allHidden") }));
  if (shown.length > items.length) {
    out.push(el("button", {
      type: "button", class: "button small more", text: t("audit.more", { n: shown.length - items.length }),
      onclick: () => {
        const from = items.length;
        state.findingsShown = Infinity;
        renderAudit();
        // The focus goes to the first finding that was not shown before.
        const next = $("audit-body").querySelectorAll(".finding")[from];
        if (next) {
          next.tabIndex = -1;
          next.focus();
        }
      },
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

// check gives the verdict and the crawler table for the text, crawler, URL
// and fallbacks as they are now. Both take a ticket: the answer of a check
// that a later one superseded is dropped, and one whose inputs changed
// meanwhile is shown greyed until the next check's answer.
async function check() {
  clearTimeout(checkTimer);
  const text = input();
  const agent = $("agent").value.trim();
  const url = $("url").value.trim();
  // Fields set without an input event are changes too.
  const changed = noteFields();
  if (changed.length) {
    ps.change(...changed);
    recompute(changed);
  }
  const tv = ps.request("verdict");
  const tm = ps.request("matrix");
  const show = (v, m) => {
    state.verdict = v;
    state.matrix = m;
    state.checked = true;
    ps.shows("verdict", tv);
    ps.shows("matrix", tm);
    renderVerdict();
    $("verdict").dataset.rev = String(tv.doc);
    $("matrix-body").dataset.rev = String(tm.doc);
    renderMatrix();
    updateBands();
  };
  if (state.damaged || state.unfetched) {
    // A damaged link gives no verdict: its text may be cut anywhere. A
    // fetch that brought no file leaves nothing to give a verdict on.
    show(null, null);
    return;
  }
  try {
    const [v, m] = await Promise.all([
      agent ? engine.call("checkWith", text, agent, url, mode()) : Promise.resolve(null),
      engine.call("matrixWith", text, url, i18n.lang(), state.matrixSet, mode()),
    ]);
    if (!ps.latest(tv)) return;
    clearError();
    show(v, m);
    if (state.parsed && ps.current("structure")) markApplied();
    if (v && v.rule && !state.focus && ps.fresh(tv)) editor.reveal(v.rule.line, { center: true, ifHidden: true });
  } catch (err) {
    if (ps.latest(tv)) showError(err);
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
      const rule = ruleText(v.rule, v.ruleShown);
      let s;
      const length = t("count.chars", { n: v.ruleOctets });
      if (v.viaIndexHtml) s = t("reason.index", { rule });
      else if (!v.overruled) s = t("reason.only", { rule, length });
      else if (v.tie) s = t("reason.tie", { rule, other: ruleText(v.overruled, v.overruledShown), line: String(v.overruled.line), length });
      else s = t("reason.longer", { rule, other: ruleText(v.overruled, v.overruledShown), line: String(v.overruled.line), length, otherLength: t("count.chars", { n: v.overruledOctets }) });
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
  renderVerdictBox();
}

function renderVerdictBox() {
  const box = $("verdict");
  const v = state.verdict;
  if (!v) {
    box.className = state.damaged || state.unfetched ? "verdict damaged" : "verdict empty";
    if (state.unfetched) {
      const a = state.unfetched;
      box.replaceChildren(el("p", { id: "verdict-unfetched" },
        tr(a.status === "refused" ? "verdict.notFetched" : "verdict.unreachable", { url: a.url })));
      return;
    }
    const key = state.damaged ? "verdict.damaged"
      : document.body.dataset.engine !== "ready" ? "verdict.loading"
        : $("agent").value.trim() ? "verdict.none" : "verdict.needAgent";
    box.replaceChildren(el("p", { id: state.damaged ? "verdict-damaged" : null }, tr(key)));
    return;
  }
  box.className = `verdict ${v.allowed ? "allowed" : "disallowed"}`;
  const decided = v.rule
    ? [lineButton(v.rule.line), " ", el("code", { text: ruleText(v.rule, v.ruleShown) })]
    : [tr("verdict.noRule")];
  box.replaceChildren(
    el("div", { class: "verdict-head" },
      el("span", { class: "verdict-word", id: "verdict-word", text: t(v.allowed ? "verdict.allowed" : "verdict.disallowed") }),
      el("span", { class: "verdict-subject", text: `${v.agent} → ${v.url || '""'}` })),
    el("dl", {},
      el("dt", { text: t("verdict.decidedBy") }), el("dd", { id: "verdict-rule" }, ...decided),
      el("dt", { text: t("verdict.group") }), el("dd", {}, ...groupDescription(v)),
      el("dt", { text: t("verdict.why") }), el("dd", { id: "verdict-why" }, reasonDescription(v)),
      el("dt", { text: t("verdict.path") }), el("dd", {}, el("code", { text: v.path })),
      ...usageRows(v, el, lineButton)),
    ...verdictNotes(v));
}

// verdictNotes are what the verdict box says beside the answer: which
// crawler's group a fallback used, how a URL that is not a full URL or a
// path was read, and whether rules past the 500 KiB limit were ignored.
function verdictNotes(v) {
  const notes = [];
  if (v.fallback) {
    const g = v.groups[0];
    notes.push(el("p", { class: "verdict-note", id: "verdict-fallback" },
      tr("verdict.fallback", { agent: v.agent, fallback: v.fallback, line: String(g ? g.line : 0) })));
  }
  if (v.reading === "yandex") {
    // Yandex ends a group at a blank line after its User-agent lines: the
    // verdict differs from every other crawler's, and the page says why.
    notes.push(el("p", { class: "verdict-note warn", id: "verdict-reading" },
      v.yandexBlank ? lineButton(v.yandexBlank) : null, v.yandexBlank ? " " : null,
      tr("verdict.readingYandex", { agent: v.agent, line: String(v.yandexBlank || 0) })));
  }
  if (v.noteKind) {
    notes.push(el("p", { class: "verdict-note", id: "verdict-url-note" },
      tr(`verdict.note.${v.noteKind}`, { url: v.url, path: v.path })));
  }
  if (v.cut) {
    const c = v.cut;
    const whole = c.whole.rule ? t("selftest.byLine", { verdict: t(c.whole.allowed ? "verdict.allowed" : "verdict.disallowed"), n: String(c.whole.rule.line) })
      : t(c.whole.allowed ? "verdict.allowed" : "verdict.disallowed");
    notes.push(el("p", { class: `verdict-note ${c.differs ? "warn" : ""}`.trim(), id: "verdict-cut" },
      tr(c.differs ? "verdict.cutDiffers" : "verdict.cutSame", { limit: num(MAX_BYTES / 1024), line: String(c.firstIgnoredLine), whole })));
  }
  return notes;
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
        onclick: () => setInput("agent", c.token),
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
    onclick: () => {
      state.matrixSet = state.matrixSet === "all" ? "default" : "all";
      inputChanged(SET);
      check();
    },
  });
  body.replaceChildren(el("div", { class: "table-wrap" }, table), toggle);
}

// ---- self-test -------------------------------------------------------

async function runSelftest() {
  try {
    if (!state.parsers) {
      const resp = await fetch(new URL("./parsers.json", import.meta.url));
      if (!resp.ok) throw new Error(`parsers.json: HTTP ${resp.status}`);
      state.parsers = await resp.json();
    }
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
      el("td", {}, el("div", { text: i18n.has(`selftest.case.${r.name}`) ? t(`selftest.case.${r.name}`) : r.name }), el("div", { class: "small muted" },
        r.agent ? el("code", { text: r.agent }) : null, r.url ? " → " : null, r.url ? el("code", { text: r.url }) : null, " · ", r.ref)),
      // A case that passes got what it expected: say it in the page's
      // language. A failure shows the engine's own words.
      el("td", { class: "got" }, el("div", { text: t("selftest.expected", { what: expectation(r) }) }), el("div", { text: t("selftest.got", { what: r.pass ? expectation(r) : r.got }) })),
      el("td", {}, el("button", {
        type: "button", class: "button small", text: t("selftest.try"),
        onclick: () => loadCase(r),
      }))));
  }
  body.replaceChildren(summary, el("div", { class: "table-wrap" }, el("table", { class: "selftest stack" }, tbody)), renderParsers());
}

// renderParsers shows where other widely used parsers answer differently
// on the same cases (parsers.json; the data is checked against Python's and
// Protego's real answers by the web package's tests).
function renderParsers() {
  const p = state.parsers;
  if (!p) return el("div");
  const word = (a) => el("span", { class: `badge ${a ? "allowed" : "disallowed"}`, text: t(a ? "verdict.allowed" : "verdict.disallowed") });
  const tbody = el("tbody");
  for (const c of p.cases) {
    tbody.append(el("tr", { "data-case": c.id },
      el("th", { scope: "row" }, el("div", {}, i18n.rich(t(`parsers.case.${c.id}`))),
        el("div", { class: "small muted" }, el("code", { text: c.agent }), " → ", el("code", { text: c.url })),
        el("button", { type: "button", class: "button small", text: t("selftest.try"), onclick: () => loadCase({ robots: c.robots, agent: c.agent, url: c.url }) })),
      ...p.parsers.map((name) => el("td", { "data-parser": name, "data-label": t(`parsers.name.${name}`), class: name !== "page" && c.answers[name] !== c.answers.page ? "differs" : null }, word(c.answers[name])))));
  }
  return el("div", { class: "parsers", id: "parsers" },
    el("h3", { text: t("parsers.title") }),
    el("p", { class: "small muted", text: t("parsers.intro") }),
    el("div", { class: "table-wrap" }, el("table", { class: "parsers-table stack" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col", text: t("parsers.case") }), ...p.parsers.map((name) => el("th", { scope: "col", text: t(`parsers.name.${name}`) })))),
      tbody)));
}

function loadCase(r) {
  setText(r.robots);
  setInput("agent", r.agent || "", false);
  setInput("url", r.url || "", false);
  parseNow();
  check();
  $("editor").scrollIntoView({ block: "nearest" });
}

// ---- loading text ----------------------------------------------------

// applyingLink is set while a link's text is put in the editor.
let applyingLink = false;

// forgetLinkText takes the text out of the address bar once the editor
// holds another: the link no longer describes the page, and a reload must
// bring back the text kept in local storage, not the link's older one. The
// link's agent, URL and language stay (a link without text tests the text
// in the box).
function forgetLinkText() {
  if (applyingLink || !/(^#|&)robots=/.test(location.hash)) return;
  const keep = location.hash.slice(1).split("&").filter((p) => !/^(robots|crc)(=|$)/.test(p));
  history.replaceState(null, "", location.pathname + location.search + (keep.length ? "#" + keep.join("&") : ""));
}

// setLinkSource shows a link's file.
function setLinkSource(bytes) {
  applyingLink = true;
  try {
    setSource({ bytes, name: "", size: bytes.length, lines: 0, cut: false });
  } finally {
    applyingLink = false;
  }
}

// fetchFailed replaces the previous site's file after a fetch that brought
// none, so that no verdict about another file stays on screen. A 4xx (or
// too many redirects) is read by crawlers as no rules at all (RFC 9309,
// section 2.3.1.3), which an empty file says too; after a 5xx, a refusal or
// a network error there is nothing to give a verdict on (section 2.3.1.4:
// crawlers take the whole site as disallowed).
function fetchFailed(a) {
  if (a.status === "unavailable" || a.status === "too-many-redirects") {
    setSource({ bytes: new Uint8Array(0), name: a.url, size: 0, lines: 0, cut: false });
  } else {
    setText("");
    state.unfetched = { status: a.status, url: a.url };
  }
  parseNow();
  check();
}

// afterTextChange records a new version of the document: every view of
// the text is greyed (and the verdict's bands go) until its answer for
// this version arrives.
function afterTextChange() {
  // New text: whatever a damaged link held is gone, so verdicts resume.
  state.damaged = "";
  state.unfetched = null;
  // The bands are drawn once, below.
  bandsLater = true;
  try {
    ps.change(DOC);
  } finally {
    bandsLater = false;
  }
  forgetLinkText();
  // The revision of the text, and below that of each answer: tests wait for
  // an answer about the text shown.
  $("editor").dataset.rev = String(state.rev);
  renderStatus();
  updateBands();
  saveText();
  if (logCheck) logCheck.textChanged();
  if (sitemapCheck) sitemapCheck.textChanged();
  if (compare) compare.textChanged();
  if (many) many.changed();
}

// inputChanged records a change of the user's inputs (AGENT, URL_, MODE,
// SET, LISTS, OTHER): a new version of the state, which greys every view
// depending on them, and each is computed again.
function inputChanged(...inputs) {
  ps.change(...inputs);
  if (inputs.some((k) => [AGENT, URL_, MODE, SET].includes(k))) scheduleCheck();
  recompute(inputs);
}

// recompute has the cards depending on the inputs computed again (the
// verdict and the crawler table are the caller's).
function recompute(inputs) {
  const has = (...keys) => keys.some((k) => inputs.includes(k));
  if (many && has(MODE, LISTS)) many.changed();
  if (compare && has(MODE, LISTS, OTHER)) compare.textChanged();
  if (sitemapCheck && has(MODE, SET)) sitemapCheck.textChanged();
}

// fieldsSeen are the crawler, the URL and the fallbacks as the state last
// recorded them.
const fieldsSeen = { agent: "", url: "", mode: "" };

// noteFields returns the inputs among the crawler, the URL and the
// fallbacks whose fields changed since the state last recorded them,
// however they changed (typed, or set by a script or the browser).
function noteFields() {
  const now = { agent: $("agent").value.trim(), url: $("url").value.trim(), mode: mode() };
  const changed = [];
  if (now.agent !== fieldsSeen.agent) changed.push(AGENT);
  if (now.url !== fieldsSeen.url) changed.push(URL_);
  if (now.mode !== fieldsSeen.mode) changed.push(MODE);
  Object.assign(fieldsSeen, now);
  return changed;
}

// fieldsChanged records the changes of the crawler, URL and fallback
// fields, and has the views depending on them computed again.
function fieldsChanged() {
  const changed = noteFields();
  if (changed.length) {
    state.focus = 0;
    inputChanged(...changed);
  }
}

// setInput puts a value in the crawler or URL field (from an example, a
// link, the crawler table) as the user would: a change of the state.
// schedule false leaves the check to the caller.
function setInput(id, value, schedule = true) {
  $(id).value = value;
  const changed = noteFields();
  if (!changed.length) return;
  state.focus = 0;
  if (schedule) {
    inputChanged(...changed);
  } else {
    ps.change(...changed);
    recompute(changed);
  }
}

// setText puts text in the editor that is not a file (an example, a
// self-test case): it is analysed as the editor holds it.
function setText(text) {
  state.replaced = true;
  state.src = null;
  state.edited = false;
  dropFileNotices();
  editor.text = text;
  state.focus = 0;
  afterTextChange();
}

function dropFileNotices() {
  for (const id of ["file-cut", "not-utf8", "edited"]) dropNotice(id);
}

// setSource shows a file and keeps its bytes for the analyser.
function setSource(src) {
  state.replaced = true;
  const { text, encoding, how } = display(src.bytes, src.charset);
  state.src = { ...src, encoding };
  state.edited = false;
  state.example = "";
  $("example").value = "";
  dropFileNotices();
  editor.text = text;
  state.focus = 0;
  if (src.cut) {
    notice("file-cut", () => t("editor.fileCut", {
      name: src.name, size: t("count.bytes", { n: src.size }), lines: t("count.lines", { n: src.lines }),
      loaded: t("count.bytes", { n: src.bytes.length }), limit: num(MAX_BYTES / 1024),
    }), { kind: "warn" });
  }
  if (encoding === "latin1") notice("not-utf8", () => t("editor.latin1"), { kind: "warn" });
  else if (encoding !== "utf-8") notice("not-utf8", () => t(how === "declared" ? "editor.decodedDeclared" : "editor.decodedDetected", { encoding }), { kind: "warn" });
  afterTextChange();
}

// edited is called on the first edit of a file's text: from then on the
// text is analysed, not the file, and the page says so.
function edited() {
  if (!state.src || state.edited) return;
  state.edited = true;
  notice("edited", () => t("editor.edited"), {
    actions: [{
      label: () => t("editor.backToFile"), onclick: () => {
        const src = state.src;
        setSource({ bytes: src.bytes, name: src.name, size: src.size, lines: src.lines, cut: src.cut, charset: src.charset });
        parseNow();
        check();
      },
    }],
  });
}

function loadExample(id) {
  const ex = EXAMPLES.find((e) => e.id === id);
  if (!ex) return;
  setText(ex.text);
  state.example = id;
  $("example").value = id;
  setInput("agent", ex.agent, false);
  setInput("url", ex.url, false);
  parseNow();
  check();
}

async function loadFile(file) {
  try {
    setSource(await readFile(file));
    parseNow();
    check();
  } catch (err) {
    showError(err);
  }
}

// The text is kept in the browser's local storage, never sent, so that a
// reload does not lose it. A file's bytes are kept as they are.
// The save waits for a pause in typing, and is made at once when the page
// is hidden or left (saveNow), so that a reload right after typing keeps it.
let saveTimer = 0;
let savePending = false;
function saveText() {
  clearTimeout(saveTimer);
  savePending = true;
  saveTimer = setTimeout(saveNow, 300);
}

function saveNow() {
  clearTimeout(saveTimer);
  if (!savePending) return;
  savePending = false;
  // A damaged link emptied the box: the text kept from before stays.
  if (state.damaged) return;
  try {
    const src = state.src && !state.edited ? state.src : null;
    const saved = src ? { bytes: toBase64url(src.bytes), name: src.name } : { text: editor.text };
    if (!editor.text && !src) localStorage.removeItem(TEXT_KEY);
    else localStorage.setItem(TEXT_KEY, JSON.stringify(saved));
  } catch (err) {
    // Storage is disabled or full: the text is not kept, and an older
    // one must not come back on reload instead.
    try {
      localStorage.removeItem(TEXT_KEY);
    } catch (err2) {
      // Storage is disabled altogether.
    }
  }
}

function restoreText() {
  try {
    const saved = JSON.parse(localStorage.getItem(TEXT_KEY) || "null");
    if (!saved) return false;
    if (saved.bytes !== undefined) {
      const bytes = fromBase64url(saved.bytes);
      setSource({ bytes, name: saved.name || "", size: bytes.length, lines: 0, cut: false });
    } else if (typeof saved.text === "string") {
      setText(saved.text);
    } else {
      return false;
    }
    return true;
  } catch (err) {
    return false;
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

// loadCrawlers fills the crawler field's suggestions in the page's
// language; the answer of an older request (another language) is dropped.
let crawlersSeq = 0;
async function loadCrawlers() {
  const seq = ++crawlersSeq;
  try {
    const crawlers = await engine.call("crawlers", i18n.lang());
    if (seq !== crawlersSeq) return;
    state.crawlers = crawlers;
    fillCrawlers();
  } catch (err) {
    if (seq === crawlersSeq) showError(err);
  }
}

function renderBuildInfo() {
  const v = state.version;
  $("build-info").textContent = v ? t("footer.build", { go: v.go, limit: num(v.maxBytes / 1024) }) : "";
}

// ---- permalink -------------------------------------------------------

function currentFragment() {
  return buildFragment({
    robots: input(), agent: $("agent").value.trim(), url: $("url").value.trim(), lang: i18n.lang(), fallback: $("fallback").checked,
    many: many.lists(), other: compare.other(),
  });
}

// liveTest is the one-step test of Search Console's tester: the URL field's
// full URL, against its host's robots.txt as the server fetches it now.
// A copy of the page without a fetching server says plainly that it cannot.
async function liveTest(canFetch) {
  const url = $("url").value.trim();
  const note = $("live-note");
  const say = (key, params) => {
    state.liveNote = { key, params };
    note.replaceChildren(tr(key, params));
  };
  if (!/^https?:\/\/[^/?#]+/i.test(url)) {
    say("live.needURL");
    return;
  }
  if (!canFetch) {
    say("live.unavailable");
    return;
  }
  say("live.working", { origin: new URL(url).origin });
  // A fetch started or cancelled meanwhile supersedes this one: its
  // answer is not the file in the editor, and the note says nothing more.
  if (await fetchSite.run(url)) say("live.done", { origin: new URL(url).origin });
  else if (state.liveNote && state.liveNote.key === "live.working") {
    state.liveNote = null;
    note.replaceChildren();
  }
}

// downloadFile saves what is analysed: the file's own bytes, or the edited
// text as UTF-8.
function downloadFile() {
  const data = input();
  const name = state.src && state.src.name && !/[/\\]/.test(state.src.name) ? state.src.name : "robots.txt";
  download(typeof data === "string" ? encode(data) : data, name);
}

async function copyLink() {
  const frag = await currentFragment();
  history.replaceState(null, "", location.pathname + location.search + frag);
  const href = location.href;
  const box = $("link-box");
  const out = $("link-out");
  out.value = href;
  box.hidden = false;
  const long = $("link-long");
  long.hidden = href.length <= LONG_LINK;
  if (!long.hidden) {
    long.replaceChildren(el("span", {}, tr("editor.linkLong", { n: href.length })), " ",
      el("button", {
        type: "button", class: "button small", id: "download-file", text: t("editor.download"),
        onclick: downloadFile,
      }));
  }
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
// the text already in the box is kept. A damaged link loads nothing and
// gives no verdict.
async function applyFragment(f) {
  if (f.lang && f.lang !== i18n.lang()) await setLang(f.lang, false);
  if (f.agent !== undefined) setInput("agent", f.agent, false);
  if (f.url !== undefined) setInput("url", f.url, false);
  if (f.fallback !== undefined) {
    $("fallback").checked = f.fallback;
    const changed = noteFields();
    if (changed.length) {
      ps.change(...changed);
      recompute(changed);
    }
  }
  if (f.damaged !== undefined) {
    // The text in the box is not the link's: take it away with its
    // verdict and bands (the text kept in local storage stays; see
    // saveText).
    if (editor.text || state.src) {
      applyingLink = true;
      try {
        setText("");
      } finally {
        applyingLink = false;
      }
    }
    state.damaged = f.damaged;
    notice("damaged", () => t("error.badLink"), { kind: "error" });
    check();
    return;
  }
  if (f.robots !== undefined) {
    state.damaged = "";
    dropNotice("damaged");
    setLinkSource(f.robots);
  }
  // The lists of "Test many URLs" and the compared version, when the link
  // carries them: both run once the text is in place.
  if (f.many) {
    many.setLists(f.many);
    ps.change(LISTS);
  }
  if (f.other) {
    compare.setOther(f.other);
    ps.change(OTHER);
  }
  if (f.robots !== undefined || (editor.text && !state.parsed)) parseNow();
  await check();
  if (f.many) many.run();
  if (f.other) compare.run();
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
  if (compare) compare.render();
  if (many) many.render();
  if (logCheck) logCheck.render();
  if (sitemapCheck) sitemapCheck.render();
  relabelNotices();
  ps.mark();
  if (fetchSite) fetchSite.relabel();
  if (state.liveNote) $("live-note").replaceChildren(tr(state.liveNote.key, state.liveNote.params));
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
  const frag = await parseFragment(location.hash);
  editor = new Editor({ box: $("robots"), gutter: $("gutter"), bands: $("bands"), container: $("editor") });
  registerViews();
  await setLang(i18n.pick(frag.lang), false);
  document.body.classList.remove("loading");

  engine = new Engine(new URL("./worker.js", import.meta.url));
  engine.onfatal = showError;
  document.body.dataset.engine = "loading";
  const limits = () => state.version;
  // Each card registers its view with the state (ps) and reports the
  // changes of its inputs through changed.
  const changed = (...inputs) => inputChanged(...inputs);
  many = new ManyURLs({ root: $("many"), engine, input, mode, ps, changed, el, showError, limits, lineButton });
  compare = new Compare({ root: $("compare"), engine, input, mode, many, ps, changed, el, showError, limits });
  logCheck = new LogCheck({ root: $("logs"), engine, input, ps, el, showError, lineButton });
  sitemapCheck = new SitemapCheck({ root: $("sitemaps"), engine, input, ps, set: () => state.matrixSet, mode, el, showError, lineButton });
  new Builder({ root: $("builder"), engine, input, el, showError, // builder.js
    onText: (text) => { setText(text); parseNow(); check(); } });
  fetchSite = new FetchSite({
    root: $("fetch-site"), el, showError,
    onFile: (src) => { setSource(src); parseNow(); check(); },
    onFailed: fetchFailed,
  });
  const fetching = fetchSite.enable();
  fetching.then((on) => { if (on) sitemapCheck.enableFetch(); });
  $("live-test").addEventListener("click", async () => liveTest(await fetching));

  // A paste or a keystroke over the whole text (or one that empties it)
  // makes a new document: the file opened before, and its name, go.
  let replacingAll = false;
  $("robots").addEventListener("beforeinput", (e) => {
    const ta = e.target;
    replacingAll = ta.value.length > 0 && ta.selectionStart === 0 && ta.selectionEnd === ta.value.length;
  });
  $("robots").addEventListener("input", () => {
    state.focus = 0;
    if (replacingAll) state.replaced = true;
    if (state.src && (replacingAll || !editor.text)) {
      state.src = null;
      state.edited = false;
      dropFileNotices();
    }
    replacingAll = false;
    edited();
    if (state.example) {
      state.example = "";
      $("example").value = "";
    }
    afterTextChange();
    scheduleCheck();
    scheduleParse();
  });
  $("robots").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      parseNow();
    }
  });
  $("parse").addEventListener("click", () => { parseNow(); check(); });
  $("example").addEventListener("change", (e) => loadExample(e.target.value));
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
  $("agent").addEventListener("input", fieldsChanged);
  $("url").addEventListener("input", fieldsChanged);
  $("fallback").addEventListener("change", () => { fieldsChanged(); check(); });
  $("check-form").addEventListener("submit", (e) => { e.preventDefault(); state.focus = 0; check(); });
  $("copy-link").addEventListener("click", copyLink);
  $("download").addEventListener("click", downloadFile);
  $("run-selftest").addEventListener("click", runSelftest);
  for (const b of document.querySelectorAll(".langs button")) {
    b.addEventListener("click", () => setLang(b.dataset.lang, true));
  }
  window.addEventListener("hashchange", async () => applyFragment(await parseFragment(location.hash)));
  window.addEventListener("pagehide", saveNow);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") saveNow();
  });

  // Show the link's text (or the text kept from the last visit) at once;
  // the verdict follows when the engine is up.
  if (frag.robots !== undefined) setLinkSource(frag.robots);
  else if (frag.damaged === undefined) restoreText();
  if (frag.agent !== undefined) setInput("agent", frag.agent, false);
  // Googlebot is preselected, as in Search Console: a verdict at once.
  else if (!$("agent").value) setInput("agent", "Googlebot", false);
  if (frag.url !== undefined) setInput("url", frag.url, false);
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
