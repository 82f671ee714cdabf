// The file as it is: its bytes, which the analyser reads, and the text the
// editor shows. A textarea turns CRLF into LF and cannot hold bytes that
// are not UTF-8, so the page keeps the bytes of an opened, dropped or linked
// file and analyses those until the user edits the text.

export const MAX_FILE_BYTES = 2 << 20; // larger files are cut: only 500 KiB is parsed anyway

const utf8 = new TextEncoder();

// display decodes bytes for the editor, and says how: as UTF-8 when they
// are valid UTF-8 (what crawlers read); else in the charset the server
// declared (its Content-Type), when the browser knows it; else in
// windows-1251 or KOI8-R when the bytes look like Cyrillic text in one of
// them (runs of letters, common on Russian sites); else as windows-1252
// (what browsers call Latin-1), so that every byte shows as one character.
// Each of these keeps the line endings where the bytes have them. The
// analyser never sees this text: it reads the bytes.
export function display(bytes, charset) {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch (err) {
    // not UTF-8: decoded below
  }
  const declared = decoderFor(charset);
  if (declared) return { text: declared.decode(bytes), encoding: declared.encoding, how: "declared" };
  const cyrillic = cyrillicEncoding(bytes);
  if (cyrillic) return { text: new TextDecoder(cyrillic).decode(bytes), encoding: cyrillic, how: "detected" };
  return { text: new TextDecoder("windows-1252").decode(bytes), encoding: "latin1" };
}

// charsetOf returns the charset parameter of a Content-Type, or "".
export function charsetOf(contentType) {
  const m = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType || "");
  return m ? m[1] : "";
}

// decoderFor returns a decoder for a declared charset that the browser
// knows and that keeps lines where they are, or null: UTF-8 (the bytes are
// not valid UTF-8: the declaration is wrong), UTF-16 (every other byte is
// NUL) and the "replacement" encoding are not used.
function decoderFor(charset) {
  if (!charset) return null;
  let d;
  try {
    d = new TextDecoder(charset);
  } catch (err) {
    return null;
  }
  return /^(utf-8|utf-16.*|replacement)$/.test(d.encoding) ? null : d;
}

// cyrillicEncoding tells Cyrillic text in windows-1251 or KOI8-R from
// Latin-1 by its runs of letters: a Russian word is a run of bytes at or
// above 0xC0 (or Ё, ё), where Latin-1 has one accented letter among ASCII
// ones ("café", "grüße"). In windows-1251 the lowercase letters, which
// most of a text is, are 0xE0-0xFF; in KOI8-R 0xC0-0xDF.
export function cyrillicEncoding(bytes) {
  let high = 0;
  let inRuns = 0;
  let upper = 0;
  let lower = 0;
  let run = 0;
  const letter = (c) => c >= 0xc0 || c === 0xa8 || c === 0xb8 || c === 0xa3 || c === 0xb3;
  const end = () => {
    if (run >= 3) inRuns += run;
    run = 0;
  };
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (c < 0x80) {
      end();
      continue;
    }
    high++;
    if (!letter(c)) {
      end();
      continue;
    }
    run++;
    if (c >= 0xe0) lower++;
    else if (c >= 0xc0) upper++;
  }
  end();
  if (high < 3 || inRuns < 0.6 * high) return "";
  return lower >= upper ? "windows-1251" : "koi8-r";
}

export function encode(text) {
  return utf8.encode(text);
}

// describe tells what the bytes hold that the editor cannot show: a byte
// order mark, CRLF or lone CR line endings, and a mix of them.
export function describe(bytes) {
  let crlf = 0;
  let lf = 0;
  let cr = 0;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (c === 13) {
      if (bytes[i + 1] === 10) {
        crlf++;
        i++;
      } else {
        cr++;
      }
    } else if (c === 10) {
      lf++;
    }
  }
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const kinds = [crlf && "CRLF", lf && "LF", cr && "CR"].filter(Boolean);
  return { bom, crlf, lf, cr, endings: kinds.join("+") || "", mixed: kinds.length > 1 };
}

// fileLines counts the lines of bytes or text as the parser does (and the
// parsed view says): every line ending ends a line, and text after the
// last one is one more; "a\nb\n" has 2 lines, "" none.
export function fileLines(data) {
  let n = 0;
  let open = false;
  const isText = typeof data === "string";
  for (let i = 0; i < data.length; i++) {
    const c = isText ? data.charCodeAt(i) : data[i];
    if (c === 10 || c === 13) {
      if (c === 13 && (isText ? data.charCodeAt(i + 1) : data[i + 1]) === 10) i++;
      n++;
      open = false;
    } else {
      open = true;
    }
  }
  return n + (open ? 1 : 0);
}

// countLines counts the lines of a whole file, however large, reading it in
// pieces: the page loads only its first 2 MiB but says how long it is.
export async function countLines(blob) {
  let n = 1;
  let prevCR = false;
  const reader = blob.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    for (let i = 0; i < value.length; i++) {
      const c = value[i];
      if (c === 10) {
        if (!prevCR) n++;
        prevCR = false;
      } else if (c === 13) {
        n++;
        prevCR = true;
      } else {
        prevCR = false;
      }
    }
  }
  return n;
}

// readFile reads a local file's bytes, at most MAX_FILE_BYTES of them, cut
// after the last line ending within that (as the parser cuts at its limit).
export async function readFile(file) {
  const cut = file.size > MAX_FILE_BYTES;
  let bytes = new Uint8Array(await (cut ? file.slice(0, MAX_FILE_BYTES) : file).arrayBuffer());
  let lines = 0;
  if (cut) {
    let end = bytes.length;
    while (end > 0 && bytes[end - 1] !== 10 && bytes[end - 1] !== 13) end--;
    if (end > 0) bytes = bytes.slice(0, end);
    lines = await countLines(file);
  }
  return { bytes, cut, size: file.size, lines, name: file.name };
}

// crc32 is the CRC-32 (IEEE) of bytes: the permalink's checksum.
let table;
export function crc32(bytes) {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = table[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

export const canCompress = typeof CompressionStream === "function";

export function deflate(bytes) {
  return pipe(bytes, new CompressionStream("deflate-raw"));
}

export function inflate(bytes) {
  return pipe(bytes, new DecompressionStream("deflate-raw"));
}

// download saves bytes as a file.
export function download(bytes, name, type = "text/plain") {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
