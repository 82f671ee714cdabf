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

export class FetchSite {
  // onFile receives the fetched file as a source ({bytes, name, size,
  // lines, cut}) to analyse.
  constructor({ root, el, onFile, showError }) {
    Object.assign(this, { root, el, onFile, showError });
    this.q = (id) => root.querySelector(`#${id}`);
    this.answer = null;
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
    this.root.hidden = false;
    this.root.addEventListener("submit", (e) => {
      e.preventDefault();
      this.run();
    });
    return true;
  }

  async run() {
    const url = this.q("fetch-url").value.trim();
    if (!url) return;
    const status = this.q("fetch-status");
    status.textContent = t("fetch.working");
    this.root.dataset.state = "working";
    try {
      const r = await fetch(new URL("api/v1/fetch", document.baseURI), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ url }),
      });
      const body = await r.json();
      if (!r.ok) {
        status.textContent = t("fetch.failed", { error: body.error || `HTTP ${r.status}` });
        this.root.dataset.state = "error";
        return;
      }
      this.answer = body;
      this.render(body);
      if (body.status === "success") {
        const bytes = bytesOf(body.body);
        this.onFile({ bytes, name: body.finalURL || body.url, size: bytes.length, lines: 0, cut: false });
      }
      this.root.dataset.state = body.status;
    } catch (err) {
      this.root.dataset.state = "error";
      this.showError(err);
    }
  }

  render(a) {
    const status = this.q("fetch-status");
    const chain = this.q("fetch-chain");
    const what = {
      success: "fetch.success",
      unavailable: "fetch.unavailable",
      unreachable: "fetch.unreachable",
      "rate-limited": "fetch.rateLimited",
      "too-many-redirects": "fetch.tooManyRedirects",
      refused: "fetch.refused",
    }[a.status] || "fetch.other";
    const parts = [t(what, {
      url: a.url, status: a.httpStatus || "", size: t("count.bytes", { n: a.body ? bytesOf(a.body).length : 0 }),
      reason: a.refusedReason || a.detail || "", detail: a.detail || "",
    })];
    if (a.status === "success" && a.maxAgeSeconds > 0) parts.push(t("fetch.keep", { time: duration(a.maxAgeSeconds) }));
    if (a.reused) parts.push(t("fetch.reused"));
    status.textContent = parts.join(" ");
    chain.replaceChildren(...(a.redirects || []).map((h) => this.el("li", {}, `${h.status} ${h.url} → ${h.location || "?"}`)));
    chain.hidden = !(a.redirects && a.redirects.length);
  }
}
