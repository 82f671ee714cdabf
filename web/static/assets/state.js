// The page's one state. The document (the text in the editor) and each of
// the user's inputs (the crawler, the URL, the fallbacks, the crawler
// table's set, the lists of "Test many URLs", the compared version, the
// log, the sitemap) are numbered: every change of any of them makes a new
// version of the state. Every view (the verdict, the crawler table, the
// audit, ...) is an answer computed from one version; it names the inputs
// it depends on, and is current while none of them changed since the
// version it was computed from. A view that is not current is greyed and
// aria-busy until its new answer arrives: the page never shows an old
// answer as if current.
//
// Every request of a view (a worker call, a fetch) takes a ticket; an
// answer whose ticket is not the view's latest is dropped.
//
// For tests, the state is read from the page: <html data-version> is the
// state's version and data-doc-version the document's; each view's element
// has data-version, the version of the state its answer is about (the
// current version whenever the view is not aria-busy), and
// <html data-dropped> counts the answers dropped as late.

// The inputs a view may depend on.
export const DOC = "doc";
export const AGENT = "agent";
export const URL_ = "url";
export const MODE = "mode";
export const SET = "set";
export const LISTS = "lists";
export const OTHER = "other";
export const LOG = "log";
export const SITEMAP = "sitemap";

export class PageState {
  // label() is what a greyed view says (in the page's language).
  constructor({ root = document.documentElement, label = () => "" } = {}) {
    this.root = root;
    this.label = label;
    this.version = 0;
    this.doc = 0; // the document's own version: bumped by its changes only
    this.changed = Object.create(null); // input -> version of its last change
    this.views = new Map();
    this.dropped = 0;
    this.onmark = null; // called after the views were marked
    this.publish();
  }

  // change records a change of inputs (DOC for the document): a new
  // version of the state, which every view depending on them waits for.
  change(...inputs) {
    this.version++;
    for (const k of inputs) this.changed[k] = this.version;
    if (inputs.includes(DOC)) this.doc++;
    this.publish();
    this.mark();
    return this.version;
  }

  // need is the version a view of those inputs must be computed from, at
  // least, to be current.
  need(deps) {
    let v = 0;
    for (const d of deps) v = Math.max(v, this.changed[d] || 0);
    return v;
  }

  // view registers a view: el carries data-version, busyEl aria-busy and
  // greyEl the "recomputing" class (both el unless given; greyEl null for
  // a view that hides an old answer instead); deps are the inputs its
  // answer depends on; empty() says when it shows no answer at all (which
  // cannot be an old one); busy() says when it is busy for reasons of its
  // own (reading a log, laying out rows); redo(), when given, has the view
  // computed again when it shows an answer whose inputs changed while it
  // was computed (a change that came before any answer was on screen finds
  // nothing to redo).
  view(name, { el, busyEl = el, greyEl = el, deps, empty = () => false, busy = () => false, redo = null }) {
    this.views.set(name, { name, el, busyEl, greyEl, deps, empty, busy, redo, seq: 0, shown: 0 });
    this.mark(name);
  }

  // request starts a request for a view's answer: the ticket to give to
  // latest() when the answer arrives, and to shows() when it is shown.
  request(name) {
    const v = this.views.get(name);
    return { name, seq: ++v.seq, version: this.version, doc: this.doc };
  }

  // supersede makes every request of the view made so far late (its
  // answers are then dropped), without making a new one.
  supersede(name) {
    this.views.get(name).seq++;
  }

  // latest says whether a ticket is the view's latest request. An answer
  // of an older one is late: it is dropped (and counted).
  latest(ticket) {
    if (ticket.seq === this.views.get(ticket.name).seq) return true;
    if (!ticket.dropped) {
      ticket.dropped = true;
      this.dropped++;
      this.publish();
    }
    return false;
  }

  // fresh says whether an answer computed for the ticket would be current:
  // none of the view's inputs changed since it was asked.
  fresh(ticket) {
    const v = this.views.get(ticket.name);
    return ticket.version >= this.need(v.deps);
  }

  // shows records that a view now shows the answer of a version (a
  // ticket's, or the current one for a view that shows nothing).
  shows(name, version = this.version) {
    const v = this.views.get(name);
    v.shown = typeof version === "object" ? version.version : version;
    this.mark(name);
    if (v.redo && !this.current(name)) v.redo();
  }

  // current says whether the answer a view shows is about the state now.
  current(name) {
    const v = this.views.get(name);
    return v.empty() || v.shown >= this.need(v.deps);
  }

  // mark greys every view (or one) that is not current, and stamps the
  // others with the current version.
  mark(name) {
    const label = this.label();
    for (const v of name ? [this.views.get(name)] : this.views.values()) {
      const stale = !v.empty() && v.shown < this.need(v.deps);
      const busy = stale || !!v.busy();
      if (v.greyEl) {
        v.greyEl.classList.toggle("recomputing", stale);
        v.greyEl.dataset.busyLabel = label;
      }
      if (busy) v.busyEl.setAttribute("aria-busy", "true");
      else v.busyEl.removeAttribute("aria-busy");
      v.el.dataset.version = String(busy ? v.shown : this.version);
    }
    if (this.onmark) this.onmark();
  }

  publish() {
    this.root.dataset.version = String(this.version);
    this.root.dataset.docVersion = String(this.doc);
    this.root.dataset.dropped = String(this.dropped);
  }
}
