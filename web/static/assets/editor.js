// Editor: the robots.txt text box with a line-number gutter, markers in
// the gutter (findings, the deciding line, the parse limit) and highlight
// bands behind the text. The text box (textbox.js: a plain-text
// contenteditable with a textarea's interface, or a textarea) colours no
// line, so the bands are absolutely positioned rows under it: the text
// does not wrap, every line is exactly one line-height tall, and the bands
// move with the scroll.
//
// A 500 KiB text is 20,000 lines, and laying it out costs the browser tens
// to hundreds of milliseconds (docs/performance.md). So the editor never
// makes it lay out more than once per change: it reads the scroll position
// and the size of the text only once a frame (when the browser lays out
// anyway), writes the gutter, the markers and the bands without reading
// layout, and lays out only the line numbers and markers around the
// visible lines.

import { textBox } from "./textbox.js";

// Lines laid out above and below the visible ones, so that scrolling a
// little does not lay them out again.
const MARGIN = 100;

export class Editor {
  constructor({ box, gutter, bands, container }) {
    this.ta = textBox(box);
    this.gutter = gutter;
    this.bandsEl = bands;
    this.container = container;
    this.lines = 0;
    this.digits = 0;
    this.gFirst = -1;
    this.gCount = 0;
    this.mFirst = -1; // the lines whose markers are laid out: mFirst..mLast
    this.mLast = -1;
    this.y = 0; // the scroll position and height of the text, as last read
    this.height = 0;
    this.frame = 0;
    this.resetScroll = false;
    this.bands = [];
    this.gutterInner = document.createElement("span");
    this.gutterInner.className = "gutter-inner";
    this.marksInner = document.createElement("span");
    this.marksInner.className = "marks";
    this.marks = [];
    this.byLine = new Map();
    this.gutter.replaceChildren(this.gutterInner, this.marksInner);
    this.bandsInner = document.createElement("div");
    this.bandsEl.replaceChildren(this.bandsInner);
    this.ta.addEventListener("scroll", () => this.syncScroll());
    this.ta.addEventListener("input", () => this.refresh());
    new ResizeObserver(() => {
      this.m = null;
      this.gFirst = -1;
      this.syncScroll();
    }).observe(this.ta);
    this.refresh();
  }

  get text() {
    return this.ta.value;
  }

  set text(v) {
    this.ta.value = v;
    // Scrolling now would lay the new text out at once; the next frame
    // lays it out anyway.
    this.resetScroll = true;
    this.y = 0;
    this.refresh();
  }

  // metrics are the line height and top padding of the text, in pixels;
  // they change only with the style sheet, so they are read once.
  metrics() {
    if (!this.m) {
      const cs = getComputedStyle(this.ta);
      this.m = { lh: parseFloat(cs.lineHeight) || 20, pad: parseFloat(cs.paddingTop) || 0 };
    }
    return this.m;
  }

  // refresh recounts the lines after the text changed; the gutter follows
  // in the next frame.
  refresh() {
    let n = 1;
    const v = this.ta.value;
    for (let i = v.indexOf("\n"); i >= 0; i = v.indexOf("\n", i + 1)) n++;
    if (n !== this.lines) {
      this.lines = n;
      const digits = String(n).length;
      if (digits !== this.digits) {
        this.digits = digits;
        this.gutter.style.minWidth = `calc(${digits}ch + 1.6rem)`;
      }
      this.gFirst = -1;
      this.mFirst = -1;
    }
    this.schedule();
  }

  // schedule syncs the gutter and the bands with the text in the next
  // frame, once however many changes come before it.
  schedule() {
    if (!this.frame) {
      this.frame = requestAnimationFrame(() => {
        this.frame = 0;
        this.syncScroll();
      });
    }
  }

  // syncScroll moves the gutter and the bands with the text. The gutter
  // holds only the numbers around the visible lines: a 500 KiB file has
  // tens of thousands of lines, too many to lay out on every change.
  syncScroll() {
    if (this.resetScroll) {
      this.resetScroll = false;
      this.ta.scrollTop = 0;
      this.ta.scrollLeft = 0;
    }
    this.y = this.ta.scrollTop;
    this.height = this.ta.clientHeight;
    this.place();
  }

  // place lays out the gutter's numbers and the markers around the
  // visible lines, and moves them with the text, from the scroll position
  // last read: it reads no layout.
  place() {
    const y = this.y;
    const { lh, pad } = this.metrics();
    const visible = Math.ceil(this.height / lh) + 2;
    // The scroll position last read may be past the end of a text that has
    // just become shorter: the browser will clamp it in the next frame.
    const first = Math.min(Math.floor(Math.max(0, y - pad) / lh), Math.max(0, this.lines - 1));
    const last = Math.min(first + visible, this.lines);
    if (this.gFirst < 0 || first < this.gFirst || last > this.gFirst + this.gCount) {
      this.gFirst = Math.max(0, first - MARGIN);
      this.gCount = Math.max(0, Math.min(this.lines - this.gFirst, visible + 2 * MARGIN));
      const nums = new Array(this.gCount);
      for (let i = 0; i < this.gCount; i++) nums[i] = this.gFirst + i + 1;
      this.gutterInner.textContent = nums.join("\n");
    }
    if (this.mFirst < 0 || first + 1 < this.mFirst || last > this.mLast) {
      this.mFirst = Math.max(1, first + 1 - MARGIN);
      this.mLast = last + MARGIN;
      this.renderMarks();
    }
    this.gutterInner.style.transform = `translateY(${this.gFirst * lh - y}px)`;
    this.marksInner.style.transform = `translateY(${-y}px)`;
    this.bandsInner.style.transform = `translateY(${-y}px)`;
  }

  // setBands shows highlight bands: [{line, kind}] with kind one of group,
  // allow, disallow, focus. Later entries are drawn on top. The bands are
  // few (the verdict's, the focus and the cut): all are laid out.
  setBands(bands) {
    this.bands = bands;
    const { lh, pad } = this.metrics();
    this.bandsInner.replaceChildren(...bands.filter((b) => b.line >= 1 && b.line <= this.lines).map((b) => {
      const el = document.createElement("div");
      el.className = `band b-${b.kind}${b.flash ? " flash" : ""}`;
      el.dataset.line = String(b.line);
      el.style.top = `${pad + (b.line - 1) * lh}px`;
      // A band with toEnd covers every line from its own to the last.
      if (b.toEnd) el.style.height = `${(this.lines - b.line + 1) * lh}px`;
      return el;
    }));
    this.place();
  }

  // setMarks puts markers in the gutter: [{line, kind, title}] with kind
  // error, warning, info, allow, disallow or cut. The title is the tooltip,
  // or a function that returns it (called only for the markers laid out);
  // several markers on one line share one, in the order given (the most
  // severe first). The gutter is hidden from screen readers: the audit and
  // the verdict say the same in words. Only the markers around the visible
  // lines are laid out, and the cut's, which tests and people look for.
  setMarks(marks) {
    this.marks = marks;
    const byLine = new Map();
    for (const m of marks) {
      if (m.line < 1 || m.line > this.lines) continue;
      const cur = byLine.get(m.line);
      if (cur) cur.push(m);
      else byLine.set(m.line, [m]);
    }
    this.byLine = byLine;
    this.mFirst = -1;
    this.place();
  }

  renderMarks() {
    const { lh, pad } = this.metrics();
    const els = [];
    const lay = (line, ms) => {
      const el = document.createElement("span");
      el.className = `mark m-${ms[0].kind}`;
      el.dataset.line = String(line);
      el.dataset.kinds = ms.map((m) => m.kind).join(" ");
      el.title = ms.map((m) => (typeof m.title === "function" ? m.title() : m.title)).filter(Boolean).join("\n");
      el.style.top = `${pad + (line - 1) * lh}px`;
      els.push(el);
    };
    if (this.byLine.size > this.mLast - this.mFirst + 1) {
      for (let line = Math.max(1, this.mFirst); line <= this.mLast; line++) {
        const ms = this.byLine.get(line);
        if (ms) lay(line, ms);
      }
      for (const [line, ms] of this.byLine) {
        if ((line < this.mFirst || line > this.mLast) && ms.some((m) => m.kind === "cut")) lay(line, ms);
      }
    } else {
      for (const [line, ms] of this.byLine) {
        if (line >= this.mFirst && line <= this.mLast || ms.some((m) => m.kind === "cut")) lay(line, ms);
      }
    }
    this.marksInner.replaceChildren(...els);
  }

  // reveal scrolls the text so that line is in view: centred when center is
  // set, else only as far as needed; with ifHidden, only when it is out of
  // view.
  reveal(line, { center = false, ifHidden = false } = {}) {
    if (this.resetScroll) {
      this.resetScroll = false;
      this.ta.scrollTop = 0;
      this.ta.scrollLeft = 0;
    }
    const { lh, pad } = this.metrics();
    const top = pad + (line - 1) * lh;
    const view = this.ta.clientHeight;
    const hidden = top < this.ta.scrollTop || top + lh > this.ta.scrollTop + view;
    if (ifHidden && !hidden) return;
    if (center) {
      this.ta.scrollTop = Math.max(0, top - view / 2 + lh / 2);
    } else if (top < this.ta.scrollTop + pad) {
      this.ta.scrollTop = Math.max(0, top - pad);
    } else if (top + lh > this.ta.scrollTop + view - pad) {
      this.ta.scrollTop = top + lh - view + pad + lh;
    }
    this.syncScroll();
  }

  // select puts the caret at the start of line without scrolling the page.
  select(line) {
    const v = this.ta.value;
    let start = 0;
    for (let i = 1; i < line && start >= 0; i++) {
      const nl = v.indexOf("\n", start);
      start = nl < 0 ? -1 : nl + 1;
    }
    if (start < 0) return;
    let end = v.indexOf("\n", start);
    if (end < 0) end = v.length;
    this.ta.focus({ preventScroll: true });
    this.ta.setSelectionRange(start, end);
  }

  // onDrop calls fn(file) when a file is dropped on the editor.
  onDrop(fn) {
    let depth = 0;
    const c = this.container;
    c.addEventListener("dragenter", (e) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth++;
      c.classList.add("dragging");
    });
    c.addEventListener("dragover", (e) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = "copy";
    });
    c.addEventListener("dragleave", () => {
      if (--depth <= 0) {
        depth = 0;
        c.classList.remove("dragging");
      }
    });
    c.addEventListener("drop", (e) => {
      depth = 0;
      c.classList.remove("dragging");
      const file = e.dataTransfer && e.dataTransfer.files[0];
      if (!file) return;
      e.preventDefault();
      e.stopPropagation();
      fn(file);
    });
  }
}

function hasFiles(e) {
  return e.dataTransfer && Array.from(e.dataTransfer.types || []).includes("Files");
}
