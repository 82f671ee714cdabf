// "Fetch from a site": offered only when the page is served by
// "robotstxt serve --allow-fetch" (GET api/v1/config says so). The server,
// not the page, fetches the public robots.txt of the origin the user names,
// as a crawler must and behind its destination guard; only that address is
// sent, never the text in the editor. The answer is shown as Search Console
// shows a fetch: status, redirect chain, how long crawlers may keep it.

import { t, num } from "./i18n.js";

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

export class FetchSite {
  // onFile receives the fetched file as a source ({bytes, name, size,
  // lines, cut}) to analyse; onFailed the answer of a fetch that brought no
  // file (4xx, 5xx, refused, unreachable): the previous site's file must go.
  constructor({ root, el, onFile, onFailed, showError }) {
    Object.assign(this, { root, el, onFile, onFailed, showError });
    this.q = (id) => root.querySelector(`#${id}`);
    this.answer = null;
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
    return true;
  }

  async run(address) {
    const url = (address ?? this.q("fetch-url").value).trim();
    if (!url) return;
    this.say({ key: "fetch.working" });
    this.root.dataset.state = "working";
    try {
      const r = await fetch(new URL("api/v1/fetch", document.baseURI), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ url }),
      });
      const body = await r.json();
      if (!r.ok) {
        this.say({ key: "fetch.failed", params: { error: body.error || `HTTP ${r.status}` } });
        this.q("fetch-chain").hidden = true;
        this.root.dataset.state = "error";
        return;
      }
      this.answer = body;
      this.render(body);
      this.q("fetch-url").value = url;
      if (body.status === "success") {
        const bytes = bytesOf(body.body);
        this.onFile({ bytes, name: body.finalURL || body.url, size: bytes.length, lines: 0, cut: false }, body);
      } else if (this.onFailed) {
        this.onFailed(body);
      }
      this.root.dataset.state = body.status;
    } catch (err) {
      this.root.dataset.state = "error";
      this.showError(err);
    }
  }

  // say sets the status line: {key, params} or {answer}.
  say(what) {
    this.shown = what;
    this.q("fetch-status").textContent = what.answer ? this.describe(what.answer) : t(what.key, what.params);
  }

  // relabel says the status line again, in the page's current language.
  relabel() {
    if (this.shown) this.say(this.shown);
  }

  describe(a) {
    const size = a.body ? bytesOf(a.body).length : 0;
    const parts = [t(statusKey(a), {
      url: a.url, status: a.httpStatus || "", size: t("count.bytes", { n: size }),
      reason: a.refusedReason || a.detail || "", detail: a.detail || "",
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
