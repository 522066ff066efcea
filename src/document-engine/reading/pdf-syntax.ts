// A small reader for PDF object syntax (numbers, names, strings, arrays, dictionaries, references
// and content-stream operators) over a latin1 string. Used for the cheap structural pass that
// pdfjs does not expose: object streams, fonts, embedded files, content-stream forensics.

export class PdfName {
  constructor(readonly name: string) {}
}
export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}
/** A string as its raw bytes (one char per byte). */
export class PdfString {
  constructor(
    readonly bytes: string,
    readonly hex: boolean,
  ) {}
}
/** A bare keyword: an operator in a content stream, or `stream`/`endobj` in a file. */
export class PdfOp {
  constructor(readonly op: string) {}
}
export type PdfDict = Map<string, PdfValue>;
export type PdfValue = number | boolean | null | PdfName | PdfRef | PdfString | PdfDict | PdfValue[];

const MAX_DEPTH = 64;

// Character classes of the PDF lexer (ISO 32000-1, 7.2.2).
const WHITESPACE = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) WHITESPACE[c] = 1;
const DELIMITER = new Uint8Array(256);
for (const c of '()<>[]{}/%') DELIMITER[c.charCodeAt(0)] = 1;

export class PdfSyntaxError extends Error {
  override name = 'PdfSyntaxError';
}

export class PdfLexer {
  pos: number;
  constructor(
    readonly s: string,
    start = 0,
    readonly end = s.length,
  ) {
    this.pos = start;
  }

  skipWhitespace(): void {
    const { s, end } = this;
    while (this.pos < end) {
      const c = s.charCodeAt(this.pos);
      if (c === 37 /* % */) {
        while (this.pos < end && s.charCodeAt(this.pos) !== 10 && s.charCodeAt(this.pos) !== 13) this.pos++;
      } else if (c < 256 && WHITESPACE[c]) {
        this.pos++;
      } else {
        return;
      }
    }
  }

  /** The next value or operator; null at the end of input. */
  next(depth = 0): PdfValue | PdfOp | undefined {
    if (depth > MAX_DEPTH) throw new PdfSyntaxError('nesting too deep');
    this.skipWhitespace();
    const { s } = this;
    if (this.pos >= this.end) return undefined;
    const c = s[this.pos];
    if (c === '<') {
      if (s[this.pos + 1] === '<') {
        this.pos += 2;
        return this.dict(depth);
      }
      return this.hexString();
    }
    if (c === '[') {
      this.pos++;
      const items: PdfValue[] = [];
      for (;;) {
        this.skipWhitespace();
        if (this.pos >= this.end) throw new PdfSyntaxError('unterminated array');
        if (s[this.pos] === ']') {
          this.pos++;
          return items;
        }
        const v = this.next(depth + 1);
        if (v instanceof PdfOp) {
          // Keywords inside arrays are broken syntax; keep going so one bad token does not lose the object.
          continue;
        }
        if (v === undefined) throw new PdfSyntaxError('unterminated array');
        items.push(v);
      }
    }
    if (c === '(') return this.literalString();
    if (c === '/') return new PdfName(this.name());
    if (c === ']' || c === '>' || c === ')' || c === '{' || c === '}') {
      this.pos++;
      return new PdfOp(c);
    }
    const code = s.charCodeAt(this.pos);
    if ((code >= 48 && code <= 57) || c === '+' || c === '-' || c === '.') return this.numberOrRef();
    const word = this.word();
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (word === 'null') return null;
    return new PdfOp(word);
  }

  /** The next value, refusing operators. */
  value(depth = 0): PdfValue {
    const v = this.next(depth);
    if (v === undefined || v instanceof PdfOp) throw new PdfSyntaxError('value expected');
    return v;
  }

  private dict(depth: number): PdfDict {
    const map: PdfDict = new Map();
    for (;;) {
      this.skipWhitespace();
      if (this.pos >= this.end) throw new PdfSyntaxError('unterminated dictionary');
      if (this.s[this.pos] === '>' && this.s[this.pos + 1] === '>') {
        this.pos += 2;
        return map;
      }
      const key = this.next(depth + 1);
      if (!(key instanceof PdfName)) {
        if (key === undefined) throw new PdfSyntaxError('unterminated dictionary');
        continue;
      }
      this.skipWhitespace();
      if (this.s[this.pos] === '>' && this.s[this.pos + 1] === '>') {
        map.set(key.name, null);
        continue;
      }
      const v = this.next(depth + 1);
      if (v === undefined) throw new PdfSyntaxError('unterminated dictionary');
      if (!(v instanceof PdfOp)) map.set(key.name, v);
    }
  }

  private word(): string {
    const { s, end } = this;
    const start = this.pos;
    while (this.pos < end) {
      const c = s.charCodeAt(this.pos);
      if (c < 256 && (WHITESPACE[c] || DELIMITER[c])) break;
      this.pos++;
    }
    if (this.pos === start) this.pos++;
    return s.slice(start, this.pos);
  }

  private name(): string {
    this.pos++; // the slash
    const raw = this.word();
    if (raw === '/' || raw === '') {
      // `//` or a slash followed by a delimiter: an empty name.
      if (raw === '/') this.pos--;
      return '';
    }
    return raw.includes('#') ? raw.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))) : raw;
  }

  private numberOrRef(): number | PdfRef {
    const { s } = this;
    const start = this.pos;
    const n = this.number();
    // `num gen R` is a reference: look ahead without consuming when it is not one.
    if (Number.isInteger(n) && n >= 0 && !s.slice(start, this.pos).includes('.')) {
      const save = this.pos;
      this.skipWhitespace();
      const genStart = this.pos;
      let p = this.pos;
      while (p < this.end && s.charCodeAt(p) >= 48 && s.charCodeAt(p) <= 57) p++;
      if (p > genStart) {
        const gen = Number(s.slice(genStart, p));
        this.pos = p;
        this.skipWhitespace();
        const next = s.charCodeAt(this.pos + 1);
        if (s[this.pos] === 'R' && (this.pos + 1 >= this.end || WHITESPACE[next] || DELIMITER[next])) {
          this.pos++;
          return new PdfRef(n, gen);
        }
      }
      this.pos = save;
    }
    return n;
  }

  private number(): number {
    const { s, end } = this;
    const start = this.pos;
    if (s[this.pos] === '+' || s[this.pos] === '-') this.pos++;
    while (this.pos < end) {
      const c = s.charCodeAt(this.pos);
      if ((c >= 48 && c <= 57) || c === 46) this.pos++;
      else break;
    }
    const n = Number(s.slice(start, this.pos));
    return Number.isFinite(n) ? n : 0;
  }

  private hexString(): PdfString {
    const { s } = this;
    const close = s.indexOf('>', this.pos);
    const stop = close === -1 || close > this.end ? this.end : close;
    const hex = s.slice(this.pos + 1, stop).replace(/[^0-9a-fA-F]/g, '');
    this.pos = stop + 1;
    let out = '';
    for (let i = 0; i < hex.length; i += 2) out += String.fromCharCode(parseInt(hex[i] + (hex[i + 1] ?? '0'), 16));
    return new PdfString(out, true);
  }

  private literalString(): PdfString {
    const { s, end } = this;
    this.pos++;
    let depth = 1;
    let out = '';
    while (this.pos < end) {
      const c = s[this.pos++];
      if (c === '\\') {
        const e = s[this.pos++];
        if (e === undefined) break;
        if (e === 'n') out += '\n';
        else if (e === 'r') out += '\r';
        else if (e === 't') out += '\t';
        else if (e === 'b') out += '\b';
        else if (e === 'f') out += '\f';
        else if (e === '\r') {
          if (s[this.pos] === '\n') this.pos++;
        } else if (e === '\n') {
          // line continuation
        } else if (e >= '0' && e <= '7') {
          let oct = e;
          while (oct.length < 3 && s[this.pos] >= '0' && s[this.pos] <= '7') oct += s[this.pos++];
          out += String.fromCharCode(parseInt(oct, 8) & 0xff);
        } else out += e;
      } else if (c === '(') {
        depth++;
        out += c;
      } else if (c === ')') {
        if (--depth === 0) break;
        out += c;
      } else out += c;
    }
    return new PdfString(out, false);
  }
}

/** Text of a PDF text string: UTF-16BE with a byte-order mark, UTF-8 with one, else PDFDocEncoding (read as latin1). */
export function decodeTextString(value: PdfValue | undefined): string | null {
  if (!(value instanceof PdfString)) return value instanceof PdfName ? value.name : null;
  const b = value.bytes;
  if (b.startsWith('\xfe\xff')) {
    let out = '';
    for (let i = 2; i + 1 < b.length; i += 2) out += String.fromCharCode((b.charCodeAt(i) << 8) | b.charCodeAt(i + 1));
    return out;
  }
  if (b.startsWith('\xef\xbb\xbf')) return Buffer.from(b.slice(3), 'latin1').toString('utf8');
  return b;
}

// PDFDocEncoding where it differs from Latin-1 (ISO 32000-1, annex D.2), as pdfjs reads it.
const PDF_DOC_ENCODING = new Map<number, number>([
  [0x18, 0x2d8],
  [0x19, 0x2c7],
  [0x1a, 0x2c6],
  [0x1b, 0x2d9],
  [0x1c, 0x2dd],
  [0x1d, 0x2db],
  [0x1e, 0x2da],
  [0x1f, 0x2dc],
  [0x80, 0x2022],
  [0x81, 0x2020],
  [0x82, 0x2021],
  [0x83, 0x2026],
  [0x84, 0x2014],
  [0x85, 0x2013],
  [0x86, 0x192],
  [0x87, 0x2044],
  [0x88, 0x2039],
  [0x89, 0x203a],
  [0x8a, 0x2212],
  [0x8b, 0x2030],
  [0x8c, 0x201e],
  [0x8d, 0x201c],
  [0x8e, 0x201d],
  [0x8f, 0x2018],
  [0x90, 0x2019],
  [0x91, 0x201a],
  [0x92, 0x2122],
  [0x93, 0xfb01],
  [0x94, 0xfb02],
  [0x95, 0x141],
  [0x96, 0x152],
  [0x97, 0x160],
  [0x98, 0x178],
  [0x99, 0x17d],
  [0x9a, 0x131],
  [0x9b, 0x142],
  [0x9c, 0x153],
  [0x9d, 0x161],
  [0x9e, 0x17e],
  [0xa0, 0x20ac],
]);

/**
 * A text string (the Info dictionary's values) decoded exactly as pdfjs decodes it: UTF-16 (either
 * byte order) or UTF-8 after a byte-order mark, else PDFDocEncoding; language escapes (ESC … ESC) dropped.
 */
export function pdfTextString(bytes: string): string {
  let s = bytes;
  const encoding = s.startsWith('\xfe\xff') ? 'utf-16be' : s.startsWith('\xff\xfe') ? 'utf-16le' : s.startsWith('\xef\xbb\xbf') ? 'utf-8' : null;
  if (encoding) {
    if (encoding !== 'utf-8' && s.length % 2 === 1) s = s.slice(0, -1);
    try {
      const decoded = new TextDecoder(encoding, { fatal: true }).decode(Buffer.from(s, 'latin1'));
      return decoded.includes('\x1b') ? decoded.replaceAll(/\x1b[^\x1b]*(?:\x1b|$)/g, '') : decoded;
    } catch {
      // not valid in that encoding: read as PDFDocEncoding, as pdfjs does
    }
  }
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (code === 0x1b) {
      while (++i < s.length && s.charCodeAt(i) !== 0x1b);
      continue;
    }
    const mapped = PDF_DOC_ENCODING.get(code);
    out += mapped === undefined ? s[i] : String.fromCharCode(mapped);
  }
  return out;
}

export function isDict(v: PdfValue | undefined): v is PdfDict {
  return v instanceof Map;
}

export function nameOf(v: PdfValue | undefined): string | null {
  return v instanceof PdfName ? v.name : null;
}
