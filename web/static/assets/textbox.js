// A plain-text box that the browser does not lay out whole on every change.
//
// Chromium keeps a textarea's value as a text node and a <br> per line and
// lays all of it out again when it is set: for 500 KiB, a few hundred
// milliseconds, for 2 MiB most of a second (docs/performance.md). One
// text node in a contenteditable element is no better: a keystroke in it
// lays all its lines out again. So the text is held in blocks (<div>) of
// CHUNK lines inside an element with contenteditable="plaintext-only":
// the browser lays out a changed block alone, and, with
// content-visibility: auto (app.css), skips the blocks out of view. A
// block's size before it is ever laid out is its lines times the line
// height by its longest line in characters of the monospace font, so the
// scroll height, the gutter and the bands stay right, and a long line far
// down can be scrolled to.
//
// textBox gives the element the part of a textarea's interface the page
// and its tests use: value, selectionStart, selectionEnd,
// setSelectionRange, select, and input events. A browser without
// plaintext-only (Firefox before 136, 2025) gets a textarea, as before.
//
// How the text is held: the break between two blocks is a line break of
// the text. In `white-space: pre`, a line break at the very end of a block
// shows as nothing (no empty line after it), where a textarea shows an
// empty last line; so a block whose last line is empty holds one more
// "\n", and a block's share of the value is its text less one final "\n".
// The value is always the text as shown. The browser's own editing keeps
// this (Enter at the end of a block inserts two breaks; typing on the
// empty last line replaces the second).
//
// Setting value is a reset, as it is for a textarea: the element is taken
// out of the document and put back, which drops the browser's undo steps
// for it (they would otherwise put the old text's nodes back). Typing,
// deleting and pasting within a block are the browser's own editing,
// undone and redone by it; text with line breaks typed or pasted is
// inserted with execCommand("insertHTML"), one undo step, as text in the
// block (the browser's plain insertion makes a <div> per line of it). An
// edit the browser gets wrong where two blocks meet (a selection over two
// blocks or more, Backspace at a block's start, Delete at its end) and a
// paste of more than 16 KiB are done here, as a reset, which the browser
// cannot undo and which drops its undo steps. So from the first such
// reset until value is set again, the page keeps the history itself: each
// edit, the browser's too, is a step of what it removed and inserted where
// (the value before and after it, less their common start and end) and
// the selection before and after; typed characters go on one step up to
// a word's end, as in a textarea; the last HISTORY steps are kept, with
// at most HISTORY_TEXT characters of text in them. Ctrl+Z, Ctrl+Shift+Z,
// Ctrl+Y (Cmd on macOS) and the Edit menu's historyUndo and historyRedo
// are then the page's: a step is undone or redone as a reset, the
// selection as it was, and an input event says so. Until the first
// reset, undo and redo are the browser's own; setting value clears the
// history either way.

// plaintextOnly reports whether the browser knows
// contenteditable="plaintext-only" (Chromium, Safari, Firefox since 2025).
function plaintextOnly(el) {
  try {
    el.contentEditable = "plaintext-only";
    return el.contentEditable === "plaintext-only";
  } catch {
    return false;
  }
}

// textBox returns the element to edit the text in: el itself, given the
// textarea's interface, or a textarea put in its place.
export function textBox(el) {
  if (!plaintextOnly(el)) return asTextarea(el);
  const box = new PlainText(el);
  Object.defineProperties(el, {
    value: { get: () => box.value, set: (v) => { box.value = v; }, configurable: true },
    selectionStart: { get: () => box.selection()[0], configurable: true },
    selectionEnd: { get: () => box.selection()[1], configurable: true },
    setSelectionRange: { value: (s, e) => box.setSelection(s, e), configurable: true },
    select: { value: () => { el.focus(); box.setSelection(0, box.value.length); }, configurable: true },
  });
  return el;
}

function asTextarea(el) {
  const ta = document.createElement("textarea");
  for (const a of ["id", "class", "spellcheck", "autocapitalize", "translate", "lang", "dir", "data-i18n-aria-label", "aria-label", "aria-describedby"]) {
    if (el.hasAttribute(a)) ta.setAttribute(a, el.getAttribute(a));
  }
  ta.setAttribute("wrap", "off");
  ta.setAttribute("autocomplete", "off");
  el.replaceWith(ta);
  return ta;
}

// Lines per block: the browser lays out a changed block alone, and
// skips the layout of the blocks out of view (content-visibility: auto).
const CHUNK = 200;

// The page's history, when it keeps one (see the top): at most HISTORY
// steps, and HISTORY_TEXT characters of text in them (16 MB or so).
const HISTORY = 100;
const HISTORY_TEXT = 8 << 20;

class PlainText {
  constructor(el) {
    this.el = el;
    this.sel = [0, 0]; // the selection last set, while the box has none
    this.lh = 0;
    // The page's own history (see the top): off until the first reset
    // done here, cleared when value is set.
    this.own = false;
    this.undos = [];
    this.redos = [];
    this.last = ""; // the value after the last step, while own
    this.before = null; // the selection before the edit under way
    this.quiet = false; // an input event not to record
    // Listened to on the window, so that the page's own listeners on the
    // element see the beforeinput first, with the text as it was.
    window.addEventListener("beforeinput", (e) => {
      if (e.target !== el || e.defaultPrevented) return;
      if (this.own && e.inputType.startsWith("history")) {
        e.preventDefault();
        this.history(e.inputType === "historyRedo");
        return;
      }
      if (this.own) this.before = this.selection();
      // The browser's editing of a selection over two blocks or more
      // joins them in ways a textarea does not: such an edit is done
      // here, as a reset (not undone by the browser).
      if (!e.inputType.startsWith("history") && this.spansBlocks()) {
        e.preventDefault();
        let text = "";
        if (e.inputType === "insertParagraph" || e.inputType === "insertLineBreak") text = "\n";
        else if (e.inputType.startsWith("insert")) text = e.data ?? (e.dataTransfer && e.dataTransfer.getData("text/plain")) ?? "";
        const [s, end] = this.selection();
        this.before = [s, end];
        this.replace(s, end, text);
        return;
      }
      // So is the deletion of the line break between two blocks (the
      // browser deletes more when a block is out of view).
      const join = this.joins(e.inputType);
      if (join >= 0) {
        e.preventDefault();
        const at = /Backward$/.test(e.inputType) ? join + 1 : join;
        this.before = [at, at];
        this.replace(join, join + 1, "");
        return;
      }
      // Line breaks typed or pasted stay in their block, as text.
      if (e.inputType === "insertParagraph") {
        e.preventDefault();
        this.insert("\n");
        return;
      }
      if (!["insertText", "insertFromPaste", "insertReplacementText"].includes(e.inputType)) return;
      const text = e.data ?? (e.dataTransfer && e.dataTransfer.getData("text/plain"));
      if (text == null || !/[\r\n]/.test(text)) return;
      e.preventDefault();
      this.insert(text);
    });
    // A copy or a cut is the value's text, as from a textarea: the
    // browser's own puts a line break where two blocks meet, and one more
    // after an empty last line. A cut over two blocks deletes as above.
    const copy = (e) => {
      const [s, end] = this.selection();
      if (s === end || !e.clipboardData) return;
      e.clipboardData.setData("text/plain", this.value.slice(s, end));
      e.preventDefault();
      if (e.type !== "cut") return;
      if (this.own) this.before = [s, end];
      if (this.spansBlocks()) this.replace(s, end, "");
      else document.execCommand("delete");
    };
    el.addEventListener("copy", copy);
    // Once the page keeps the history, its keys are the page's: the
    // browser's undo would undo into blocks it no longer holds.
    el.addEventListener("keydown", (e) => {
      if (!this.own || e.altKey || !(e.ctrlKey || e.metaKey)) return;
      const k = e.key.toLowerCase();
      if (k !== "z" && k !== "y") return;
      e.preventDefault();
      this.history(k === "y" || e.shiftKey);
    });
    el.addEventListener("cut", copy);
    // As in a textarea, the selection outlives the focus: it is kept when
    // the box loses it, and one set meanwhile is where a focus given by a
    // script (not a click) puts the caret.
    let pointer = false;
    el.addEventListener("pointerdown", () => { pointer = true; });
    el.addEventListener("focusout", () => {
      this.sel = this.selection();
      pointer = false;
    });
    el.addEventListener("focus", () => {
      if (!pointer) this.setSelection(...this.sel);
      pointer = false;
    });
    // A selection over two blocks is not dragged away: the browser would
    // delete it as above, then drop it where the blocks have changed.
    el.addEventListener("dragstart", (e) => {
      if (this.spansBlocks()) e.preventDefault();
    });
    // Whatever left text outside the blocks or elements in them (typing
    // in an emptied box, a drop), the text goes back into blocks of text.
    el.addEventListener("input", (e) => {
      if (this.own && !this.quiet) this.record(this.last, this.value, this.before, this.selection(), e.inputType);
      this.before = null;
      const odd = [...el.childNodes].some((n) => n.nodeName !== "DIV") ||
        el.querySelector(":scope > div > :not(br), :scope > div > br:not(:only-child)");
      if (!odd) return;
      const [s, end] = this.selection();
      // The reset drops the browser's undo steps: the page keeps the
      // history from here on.
      if (!this.own) this.own = true, this.last = this.value;
      this.reset(this.value);
      this.setSelection(s, end);
    });
    this.reset("");
  }

  // The text is held in blocks (<div>) of CHUNK lines; the break between
  // two blocks is a line break of the text. A block's text is its lines,
  // with one more "\n" when its last line is empty (see the top); part is
  // a block's share of the value.
  part(n) {
    const t = n.childElementCount === 0 || n.childNodes.length === 1 ? n.textContent : shown(n);
    return t.endsWith("\n") ? t.slice(0, -1) : t;
  }

  get value() {
    const kids = this.el.childNodes;
    if (kids.length === 1) return this.part(kids[0]);
    const parts = new Array(kids.length);
    for (let i = 0; i < kids.length; i++) parts[i] = this.part(kids[i]);
    return parts.join("\n");
  }

  // Setting the value puts the caret at its end, as in a textarea.
  set value(v) {
    v = String(v ?? "");
    if (v.includes("\r")) v = v.replace(/\r\n?/g, "\n");
    this.reset(v);
    this.setSelection(v.length);
    this.own = false;
    this.undos = [];
    this.redos = [];
    this.last = "";
  }

  // record adds the edit from text a to text b to the page's history, as
  // the change between their common start and end; typing goes on the
  // step before it, up to a word's end, as in a textarea.
  record(a, b, selBefore, selAfter, type) {
    if (a === b) return;
    let p = 0;
    const n = Math.min(a.length, b.length);
    while (p < n && a.charCodeAt(p) === b.charCodeAt(p)) p++;
    let q = 0;
    while (q < n - p && a.charCodeAt(a.length - 1 - q) === b.charCodeAt(b.length - 1 - q)) q++;
    const step = {
      pos: p, removed: a.slice(p, a.length - q), inserted: b.slice(p, b.length - q),
      before: selBefore || [p, a.length - q], after: selAfter, type,
    };
    this.last = b;
    this.redos = [];
    const prev = this.undos[this.undos.length - 1];
    if (prev && type === "insertText" && prev.type === "insertText" && !step.removed &&
        !/\n/.test(step.inserted) && prev.pos + prev.inserted.length === step.pos &&
        !(/^\s/.test(step.inserted) && /\S$/.test(prev.inserted))) {
      prev.inserted += step.inserted;
      prev.after = step.after;
      return;
    }
    this.undos.push(step);
    // Bounded: the last HISTORY steps, and HISTORY_TEXT characters of
    // text in them.
    let size = 0;
    for (const s of this.undos) size += s.removed.length + s.inserted.length;
    while (this.undos.length > HISTORY || (size > HISTORY_TEXT && this.undos.length > 1)) {
      const s = this.undos.shift();
      size -= s.removed.length + s.inserted.length;
    }
  }

  // history undoes the last step of the page's history, or redoes the
  // last one undone, as a reset with the selection it had, and says so
  // with an input event.
  history(redo) {
    const step = (redo ? this.redos : this.undos).pop();
    if (!step) return;
    (redo ? this.undos : this.redos).push(step);
    step.type = "history"; // typing after it is a step of its own
    const v = this.value;
    const [out, into] = redo ? [step.removed, step.inserted] : [step.inserted, step.removed];
    const next = v.slice(0, step.pos) + into + v.slice(step.pos + out.length);
    this.reset(next);
    this.last = next;
    this.setSelection(...(redo ? step.after : step.before));
    this.el.dispatchEvent(new InputEvent("input", { inputType: redo ? "historyRedo" : "historyUndo" }));
  }

  // reset replaces the text, out of the document so that the browser's
  // undo steps for the old one go.
  reset(v) {
    const el = this.el;
    if (!this.lh) this.lh = parseFloat(getComputedStyle(el).lineHeight) || 20;
    const focused = document.activeElement === el;
    const parent = el.parentNode;
    const next = el.nextSibling;
    if (parent) el.remove();
    const lines = v.split("\n");
    const blocks = [];
    for (let i = 0; i < lines.length; i += CHUNK) {
      const part = lines.slice(i, i + CHUNK);
      const t = part.join("\n");
      const d = document.createElement("div");
      if (t) d.textContent = t.endsWith("\n") ? t + "\n" : t;
      else d.append(document.createElement("br")); // an empty line
      // The size of a block out of view, before it is ever laid out: its
      // lines, and its longest line in characters of the monospace font
      // (so that the text can be scrolled to, and shows, a long line that
      // has not been laid out yet).
      let wide = 0;
      for (const l of part) if (l.length > wide) wide = l.length;
      d.style.containIntrinsicSize = `auto ${wide}ch auto ${part.length * this.lh}px`;
      blocks.push(d);
    }
    el.replaceChildren(...blocks);
    if (parent) parent.insertBefore(el, next);
    if (focused) el.focus({ preventScroll: true });
  }

  block(n) {
    while (n && n.parentNode !== this.el) n = n.parentNode;
    return n;
  }

  // offset is the position in value of the DOM position (node, off).
  offset(node, off) {
    const el = this.el;
    const kids = el.childNodes;
    let pos = 0;
    if (node === el) {
      for (let i = 0; i < off && i < kids.length; i++) pos += this.part(kids[i]).length + 1;
      return Math.min(pos, this.value.length);
    }
    const block = this.block(node);
    if (!block) return 0;
    for (let i = 0; i < kids.length && kids[i] !== block; i++) pos += this.part(kids[i]).length + 1;
    // Within the block: the text before (node, off).
    const r = document.createRange();
    r.setStart(block, 0);
    r.setEnd(node, off);
    return pos + Math.min(r.toString().length, this.part(block).length);
  }

  // point is the DOM position of offset pos in value.
  point(pos) {
    const kids = this.el.childNodes;
    let acc = 0;
    for (let i = 0; i < kids.length; i++) {
      const len = this.part(kids[i]).length;
      if (pos <= acc + len || i === kids.length - 1) {
        let rest = Math.min(pos - acc, len);
        const w = document.createTreeWalker(kids[i], NodeFilter.SHOW_TEXT);
        let last = null;
        for (let t = w.nextNode(); t; t = w.nextNode()) {
          if (rest <= t.data.length) return [t, rest];
          rest -= t.data.length;
          last = t;
        }
        return last ? [last, last.data.length] : [kids[i], 0];
      }
      acc += len + 1;
    }
    return [this.el, 0];
  }

  // spansBlocks reports whether the selection is in two blocks or more.
  spansBlocks() {
    const sel = document.getSelection();
    if (!sel || !sel.rangeCount || sel.isCollapsed) return false;
    return this.block(sel.anchorNode) !== this.block(sel.focusNode);
  }

  // joins returns the position of the line break between two blocks that
  // the deletion deletes, or -1 when it deletes none: Backspace at the
  // start of a block or Delete at the end of one, the caret alone.
  joins(type) {
    const back = /^delete.*Backward$/.test(type);
    if (!back && !/^delete.*Forward$/.test(type)) return -1;
    const sel = document.getSelection();
    if (!sel || !sel.rangeCount || !sel.isCollapsed) return -1;
    const block = this.block(sel.focusNode);
    if (!block) return -1;
    const pos = this.offset(sel.focusNode, sel.focusOffset);
    const start = this.offset(block, 0);
    if (back && block.previousSibling && pos === start) return pos - 1;
    if (!back && block.nextSibling && pos === start + this.part(block).length) return pos;
    return -1;
  }

  selection() {
    const sel = document.getSelection();
    if (!sel || !sel.rangeCount || !this.el.contains(sel.anchorNode) || !this.el.contains(sel.focusNode)) return this.sel;
    const a = this.offset(sel.anchorNode, sel.anchorOffset);
    const b = this.offset(sel.focusNode, sel.focusOffset);
    return a <= b ? [a, b] : [b, a];
  }

  setSelection(start, end) {
    const len = this.value.length;
    const s = Math.max(0, Math.min(+start || 0, len));
    const e = Math.max(s, Math.min(end === undefined ? s : +end || 0, len));
    this.sel = [s, e];
    if (document.activeElement !== this.el) return;
    const [an, ao] = this.point(s);
    const [fn, fo] = this.point(e);
    document.getSelection().setBaseAndExtent(an, ao, fn, fo);
  }

  // insert puts text in place of the selection as one undo step, and
  // makes sure the value is what a textarea would hold. A large text
  // (a whole file pasted) is a reset, into blocks again: one block of
  // all its lines would be laid out whole at each keystroke.
  insert(text) {
    text = text.replace(/\r\n?/g, "\n");
    const v = this.value;
    const [s, e] = this.selection();
    const want = v.slice(0, s) + text + v.slice(e);
    const sel = document.getSelection();
    if (text.length <= 16384 && sel.rangeCount) {
      // At the end of a block, a final break needs its second (see the
      // top).
      const block = this.block(sel.focusNode);
      const t = block ? block.textContent : "";
      const atEnd = block && this.offset(sel.focusNode, sel.focusOffset) === this.offset(block, 0) + this.part(block).length;
      const extra = atEnd && text.endsWith("\n") && !t.endsWith("\n") ? "\n" : "";
      const html = (text + extra).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
      this.quiet = true;
      try {
        document.execCommand("insertHTML", false, html);
      } finally {
        this.quiet = false;
      }
      if (this.value === want) {
        if (this.own) this.record(v, want, [s, e], this.selection(), "insertFromPaste");
        return;
      }
    }
    // The browser's editing did something else, or the text is large:
    // hold the right text, at the cost of the undo steps.
    this.replace(s, e, text, v);
  }

  // replace puts text in place of value's s..e as a reset (the browser
  // cannot undo it: from the first, the page keeps the history), the
  // caret after it, and says so with an input event.
  replace(s, e, text, v = this.value) {
    text = text.replace(/\r\n?/g, "\n");
    const next = v.slice(0, s) + text + v.slice(e);
    const before = this.before || [s, e];
    if (!this.own) {
      this.own = true;
      this.undos = [];
      this.redos = [];
    }
    this.reset(next);
    this.setSelection(s + text.length);
    this.record(v, next, before, [s + text.length, s + text.length], "replace");
    this.quiet = true;
    try {
      this.el.dispatchEvent(new InputEvent("input", { inputType: text ? "insertText" : "deleteContent", data: text || null }));
    } finally {
      this.quiet = false;
    }
  }
}

// shown is the text of an element as it shows, lines apart, for what the
// browser's editing may leave in a block for a moment: a <br> or an element
// of its own is a line break.
function shown(n) {
  let s = "";
  for (const c of n.childNodes) {
    if (c.nodeType === Node.TEXT_NODE) s += c.data;
    else if (c.nodeName === "BR") s += "\n";
    else if (c.nodeType === Node.ELEMENT_NODE) {
      if (s && !s.endsWith("\n")) s += "\n";
      const t = shown(c);
      s += t.endsWith("\n") ? t : t + "\n";
    }
  }
  return s;
}
