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
    for (let i = 0; i < hex.length; i += 2) out += String.fromCharCode(parseInt((hex[i] + (hex[i + 1] ?? '0')), 16));
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

export function isDict(v: PdfValue | undefined): v is PdfDict {
  return v instanceof Map;
}

export function nameOf(v: PdfValue | undefined): string | null {
  return v instanceof PdfName ? v.name : null;
}
