// The file as it is: its bytes, which the analyser reads, and the text the
// editor shows. A textarea turns CRLF into LF and cannot hold bytes that
// are not UTF-8, so the page keeps the bytes of an opened, dropped or linked
// file and analyses those until the user edits the text.

export const MAX_FILE_BYTES = 2 << 20; // larger files are cut: only 500 KiB is parsed anyway

const utf8 = new TextEncoder();

// display decodes bytes for the editor: as UTF-8 when they are valid UTF-8,
// else as windows-1252 (what browsers call Latin-1), so that every byte shows
// as one character and the lines stay where they are.
export function display(bytes) {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch (err) {
    return { text: new TextDecoder("windows-1252").decode(bytes), encoding: "latin1" };
  }
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
