// "Fetch from a site": offered only when the page is served by
// "robotstxt serve --allow-fetch" (GET api/v1/config says so). The server,
// not the page, fetches the public robots.txt of the origin the user names,
// as a crawler must and behind its destination guard; only that address is
// sent, never the text in the editor. The answer is shown as Search Console
// shows a fetch: status, redirect chain, how long crawlers may keep it.

import { t, num, rich } from "./i18n.js";
import { charsetOf } from "./source.js";

function bytesOf(b64) {
  const s = atob(b64 || "");
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

function duration(seconds) {
  if (seconds >= 86400) return t("fetch.days", { n: num(Math.round(seconds / 86400)) });
  if (seconds >= 3600) return t("fetch.hours", { n: num(Math.round(seconds / 3600)) });
  return t("fetch.minutes", { n: num(Math.max(1, Math.round(seconds / 60))) });
}

// statusKey is the catalogue key of a fetch's outcome.
function statusKey(a) {
  switch (a.status) {
    case "success": return "fetch.success";
    // A 401 or 403 is a file the site keeps from crawlers, not one that is
    // missing; crawlers read both as no rules all the same.
    case "unavailable": return a.httpStatus === 401 || a.httpStatus === 403 ? "fetch.forbidden" : "fetch.unavailable";
    case "unreachable": return "fetch.unreachable";
    case "rate-limited": return "fetch.rateLimited";
    case "too-many-redirects": return "fetch.tooManyRedirects";
    case "refused": return "fetch.refused";
  }
  return "fetch.other";
}

// errorMessage is what a fetch endpoint's error answer says, as a message
// ({key, params}) in the page's language: by its code, else by its HTTP
// status (a proxy's page that is not JSON).
export function errorMessage(body, status) {
  if (body && typeof body.code === "string") return { key: `fetch.error.${body.code}`, params: body.params || {} };
  return { key: "fetch.error.status", params: { status: String(status) } };
}

// problemMessage says what went wrong in a fetch (the answer's problem, by
// code), or null when the server named nothing.
function problemMessage(a) {
  const p = a.problem;
  if (!p) return null;
  if (p.code === "refused") return { key: `fetch.reason.${(p.params && p.params.reason) || "other"}` };
  return { key: `fetch.problem.${p.code}`, params: p.params || {} };
}

// LOOPBACK_OR_IP is a host people type with a port for a site on their own
// machine or network, which seldom speaks HTTPS.
const LOOPBACK_OR_IP = /^(localhost|\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])(:\d+)?([/?#]|$)/i;

// siteURL reads an address as people type it, as Search Console does: a
// bare domain is fetched over https://, a loopback name or an IP address
// with a port over http://; an address with a scheme is kept as it is.
export function siteURL(typed) {
  const s = typed.trim();
  if (!s || /^[a-z][a-z0-9+.-]*:\/\//i.test(s)) return s;
  if (LOOPBACK_OR_IP.test(s) && /^[^/?#]*:\d+/.test(s.replace(/^\[[^\]]*\]/, "[]"))) return `http://${s}`;
  return `https://${s.replace(/^\/+/, "")}`;
}

export class FetchSite {
  // onFile receives the fetched file as a source ({bytes, name, size,
  // lines, cut}) to analyse; onFailed the answer of a fetch that brought no
  // file (4xx, 5xx, refused, unreachable): the previous site's file must go.
  constructor({ root, el, onFile, onFailed, showError }) {
    Object.assign(this, { root, el, onFile, onFailed, showError });
    this.q = (id) => root.querySelector(`#${id}`);
    this.answer = null;
    // seq numbers the fetches: only the answer of the latest is shown, and
    // a fetch started while another is pending aborts it (ctl).
    this.seq = 0;
    this.ctl = null;
    // shown is what the status line says, kept so that a change of
    // language says it again in the new one.
    this.shown = null;
  }

  // enable shows the form when the server fetches; a static copy of the
  // page (robotstxt site) has no API and never shows it.
  async enable() {
    let cfg = null;
    try {
      const r = await fetch(new URL("api/v1/config", document.baseURI), { cache: "no-store" });
      if (r.ok) cfg = await r.json();
    } catch (err) {
      cfg = null;
    }
    if (!cfg || !cfg.allowFetch) return false;
    this.enabled = true;
    this.root.hidden = false;
    this.root.addEventListener("submit", (e) => {
      e.preventDefault();
      this.run();
    });
    this.q("fetch-cancel").addEventListener("click", () => this.cancel());
    return true;
  }

  // cancel stops the pending fetch; the editor keeps its text.
  cancel() {
    if (!this.ctl) return;
    this.drop();
    this.say({ key: "fetch.cancelled" });
    this.root.dataset.state = "cancelled";
    this.working(false);
  }

  // drop aborts the pending fetch, if any, and forgets it: its answer, if
  // one still comes, is not shown.
  drop() {
    if (!this.ctl) return;
    this.seq++;
    this.ctl.abort();
    this.ctl = null;
    this.root.dataset.dropped = String(Number(this.root.dataset.dropped || 0) + 1);
  }

  working(on) {
    this.q("fetch-cancel").hidden = !on;
    if (on) this.root.setAttribute("aria-busy", "true");
    else this.root.removeAttribute("aria-busy");
  }

  // run fetches an address (the box's when none is given) and reports
  // whether its answer was shown: false when a later fetch or Cancel
  // superseded it.
  async run(address) {
    const url = siteURL(address ?? this.q("fetch-url").value);
    if (!url) return false;
    // One fetch at a time: a new one replaces the pending one.
    this.drop();
    const seq = ++this.seq;
    const ctl = new AbortController();
    this.ctl = ctl;
    this.say({ key: "fetch.working" });
    this.root.dataset.state = "working";
    this.working(true);
    const current = () => seq === this.seq;
    try {
      const r = await fetch(new URL("api/v1/fetch", document.baseURI), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ url }),
        signal: ctl.signal,
      });
      let body = null;
      try {
        body = await r.json();
      } catch (err) {
        if (!current()) return false;
        // Not JSON: a proxy's error page; its status says it.
      }
      if (!current()) return false;
      this.ctl = null;
      this.working(false);
      if (!r.ok || !body) {
        this.say({ key: "fetch.failed", params: { error: errorMessage(body, r.status) } });
        this.q("fetch-chain").hidden = true;
        this.root.dataset.state = "error";
        return false;
      }
      this.answer = body;
      this.render(body);
      this.q("fetch-url").value = url;
      if (body.status === "success") {
        const bytes = bytesOf(body.body);
        // The declared charset decides how the editor shows a file that
        // is not UTF-8; the analyser reads its bytes all the same.
        this.onFile({ bytes, name: body.finalURL || body.url, size: bytes.length, lines: 0, cut: false, charset: charsetOf(body.contentType) }, body);
      } else if (this.onFailed) {
        this.onFailed(body);
      }
      this.root.dataset.state = body.status;
      return true;
    } catch (err) {
      // An aborted fetch was superseded: nothing to say about it.
      if (!current()) return false;
      this.ctl = null;
      this.working(false);
      this.root.dataset.state = "error";
      // The page's own server did not answer (stopped, offline).
      this.say({ key: "fetch.failed", params: { error: { key: "fetch.error.network" } } });
      this.q("fetch-chain").hidden = true;
      return false;
    }
  }

  // say sets the status line: {key, params} or {answer}.
  say(what) {
    this.shown = what;
    // The catalogue's messages carry inline markup (**strong**): rendered.
    this.q("fetch-status").replaceChildren(rich(what.answer ? this.describe(what.answer) : t(what.key, what.params)));
  }

  // relabel says the status line again, in the page's current language.
  relabel() {
    if (this.shown) this.say(this.shown);
  }

  describe(a) {
    const size = a.body ? bytesOf(a.body).length : 0;
    // What went wrong is said by code, in the page's language; the English
    // detail only when the server named nothing.
    const problem = problemMessage(a);
    const parts = [t(statusKey(a), {
      url: a.url, status: a.httpStatus || "", size: t("count.bytes", { n: size }),
      reason: problem || a.refusedReason || a.detail || "", detail: problem || a.detail || "",
    })];
    if (a.status === "success") {
      // The server keeps only its byte limit of a longer file: say so, as
      // the editor shows no more than that.
      if (a.truncated) parts.push(t("fetch.truncated", { size: t("count.bytes", { n: size }) }));
      if (a.html) parts.push(t("fetch.html"));
      // maxAge is negative when the answer had no max-age at all.
      if (a.maxAgeSeconds > 0) parts.push(t("fetch.keep", { time: duration(a.maxAgeSeconds) }));
      else if (a.maxAge < 0) parts.push(t("fetch.keepDefault"));
      else parts.push(t("fetch.keepZero"));
    }
    // A refused or unreachable fetch brought no answer from the site: it
    // was not "fetched", only tried.
    if (a.reused) parts.push(t(a.httpStatus ? "fetch.reused" : "fetch.reusedTry"));
    return parts.join(" ");
  }

  render(a) {
    this.say({ answer: a });
    const chain = this.q("fetch-chain");
    chain.replaceChildren(...(a.redirects || []).map((h) => this.el("li", {}, `${h.status} ${h.url} → ${h.location || "?"}`)));
    chain.hidden = !(a.redirects && a.redirects.length);
  }
}
