// One cheap pass over a PDF's bytes: every object (also those packed in object streams), the
// trailer, the %%EOF markers, and stream data inflated under a size limit. It finds decompression
// bombs before pdfjs sees the file and gives forensics and e-invoices what pdfjs keeps private.
import { inflateSync, constants as zlibConstants } from 'node:zlib';
import { PdfLexer, type PdfOp, PdfRef, isDict, nameOf, type PdfDict, type PdfValue } from './pdf-syntax.ts';

export interface PdfObject {
  num: number;
  gen: number;
  value: PdfValue;
  /** Offset of the object (or of its object stream) in the file; a later definition wins. */
  pos: number;
  /** Raw stream data range in the file, for stream objects. */
  stream?: { start: number; end: number };
}

export interface PdfPage {
  dict: PdfDict;
  /** The page's resources, or those it inherits from the page tree. */
  resources: PdfDict | null;
}

export interface ScanLimits {
  /** Largest size one stream may inflate to. */
  maxStreamBytes: number;
  /** Largest size all inflated streams together may reach. */
  maxTotalInflatedBytes: number;
}

export interface DecompressionBomb {
  objectNumber: number;
  limitBytes: number;
}

export class StreamTooLargeError extends Error {
  override name = 'StreamTooLargeError';
}

const OBJ_RE = /(\d{1,10})[\0\t\n\f\r ]+(\d{1,5})[\0\t\n\f\r ]+obj(?=[\0\t\n\f\r <[/(%]|$)/g;
const MAX_RESOLVE_DEPTH = 32;
const TRAILER_KEYS = ['Root', 'Info', 'Encrypt', 'ID'];
const CACHE_ONE_BYTES = 1 << 20;
const CACHE_ALL_BYTES = 32 << 20;

export class PdfFile {
  readonly text: string;
  readonly objects = new Map<number, PdfObject>();
  readonly version: string | null;
  /** %%EOF markers, not counting the extra one of a linearized file. */
  readonly revisions: number;
  trailer: PdfDict = new Map();
  bomb: DecompressionBomb | null = null;
  private inflatedTotal = 0;
  // Small decoded streams are kept: the bomb check inflates everything once, readers come back for some.
  private decoded = new WeakMap<PdfObject, Buffer | null>();
  private decodedBytes = 0;

  constructor(
    readonly bytes: Buffer,
    readonly limits: ScanLimits,
  ) {
    this.text = bytes.toString('latin1');
    const header = /%PDF-(\d\.\d)/.exec(this.text.slice(0, 1024));
    this.version = header ? header[1] : null;
    this.scanObjects();
    this.scanTrailers();
    this.checkStreams();
    this.expandObjectStreams();
    let eofs = this.text.match(/%%EOF/g)?.length ?? 0;
    if (eofs > 1 && this.isLinearized()) eofs--;
    this.revisions = eofs;
  }

  get encrypted(): boolean {
    return this.trailer.has('Encrypt');
  }

  resolve(v: PdfValue | undefined, depth = 0): PdfValue | undefined {
    let cur = v;
    while (cur instanceof PdfRef && depth++ < MAX_RESOLVE_DEPTH) cur = this.objects.get(cur.num)?.value;
    return cur instanceof PdfRef ? undefined : cur;
  }

  dict(v: PdfValue | undefined): PdfDict | null {
    const r = this.resolve(v);
    return isDict(r) ? r : null;
  }

  objectOf(v: PdfValue | undefined): PdfObject | undefined {
    return v instanceof PdfRef ? this.objects.get(v.num) : undefined;
  }

  /**
   * Decoded data of a stream object (FlateDecode or no filter), or null when it uses another filter
   * or is damaged. Throws StreamTooLargeError past the limits.
   */
  streamData(obj: PdfObject | undefined, maxBytes = this.limits.maxStreamBytes): Buffer | null {
    if (!obj?.stream || !isDict(obj.value)) return null;
    const cached = this.decoded.get(obj);
    if (cached !== undefined) return cached;
    const out = this.decode(obj, maxBytes);
    if (out === null || (out.length <= CACHE_ONE_BYTES && this.decodedBytes + out.length <= CACHE_ALL_BYTES)) {
      this.decoded.set(obj, out);
      this.decodedBytes += out?.length ?? 0;
    }
    return out;
  }

  private decode(obj: PdfObject, maxBytes: number): Buffer | null {
    const { start, end } = obj.stream!;
    const raw = this.bytes.subarray(start, end);
    const filter = this.resolve((obj.value as PdfDict).get('Filter'));
    const filters = Array.isArray(filter) ? filter.map((f) => nameOf(this.resolve(f))) : filter == null ? [] : [nameOf(filter)];
    if (filters.length === 0) return raw;
    if (filters.length !== 1 || (filters[0] !== 'FlateDecode' && filters[0] !== 'Fl')) return null;
    return this.inflate(raw, maxBytes, obj.num);
  }

  /** Every object whose value is a dictionary, with that dictionary. */
  *dicts(): Generator<[PdfObject, PdfDict]> {
    for (const obj of this.objects.values()) if (isDict(obj.value)) yield [obj, obj.value];
  }

  /** Page dictionaries in order (at most `limit`), each with the resources it inherits. */
  pages(limit: number): PdfPage[] {
    // Reading and forensics both ask; the walk is done once for the most pages asked for.
    const known = this.pageList;
    if (known && (limit <= known.limit || known.pages.length < known.limit)) return known.pages.slice(0, limit);
    const pages = this.walkPages(limit);
    this.pageList = { limit, pages };
    return pages.slice();
  }

  private pageList: { limit: number; pages: PdfPage[] } | null = null;
  private contents = new WeakMap<PdfDict, string>();

  private walkPages(limit: number): PdfPage[] {
    const out: PdfPage[] = [];
    const root = this.dict(this.trailer.get('Root'));
    const seen = new Set<PdfDict>();
    const walk = (node: PdfDict | null, inherited: PdfDict | null, depth: number) => {
      if (!node || seen.has(node) || depth > MAX_RESOLVE_DEPTH || out.length >= limit) return;
      seen.add(node);
      const resources = this.dict(node.get('Resources')) ?? inherited;
      const kids = this.resolve(node.get('Kids'));
      if (Array.isArray(kids)) for (const kid of kids) walk(this.dict(kid), resources, depth + 1);
      else if (nameOf(node.get('Type')) === 'Page' || node.has('Contents')) out.push({ dict: node, resources });
    };
    walk(this.dict(root?.get('Pages')), null, 0);
    return out;
  }

  /** The decoded content of a page: its content streams joined. */
  pageContent(page: PdfDict): string {
    let content = this.contents.get(page);
    if (content === undefined) {
      content = this.joinContent(page);
      this.contents.set(page, content);
    }
    return content;
  }

  private joinContent(page: PdfDict): string {
    const contents = this.resolve(page.get('Contents'));
    const refs = Array.isArray(contents) ? contents : [page.get('Contents')];
    const parts: string[] = [];
    for (const ref of refs) {
      const data = this.streamData(this.objectOf(ref));
      if (data) parts.push(data.toString('latin1'));
    }
    return parts.join('\n');
  }

  private inflate(raw: Buffer, maxBytes: number, objectNumber: number): Buffer | null {
    try {
      const out = inflateSync(raw, { maxOutputLength: maxBytes, finishFlush: zlibConstants.Z_SYNC_FLUSH });
      this.inflatedTotal += out.length;
      if (this.inflatedTotal > this.limits.maxTotalInflatedBytes) {
        this.bomb ??= { objectNumber, limitBytes: this.limits.maxTotalInflatedBytes };
        throw new StreamTooLargeError(`inflated streams exceed ${this.limits.maxTotalInflatedBytes} bytes`);
      }
      return out;
    } catch (error) {
      if (error instanceof StreamTooLargeError) throw error;
      if (error instanceof RangeError || (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
        this.bomb ??= { objectNumber, limitBytes: maxBytes };
        throw new StreamTooLargeError(`stream of object ${objectNumber} inflates beyond ${maxBytes} bytes`);
      }
      // Damaged or encrypted data: nothing usable, but no danger either.
      return null;
    }
  }

  private scanObjects(): void {
    const { text } = this;
    const re = new RegExp(OBJ_RE.source, 'g');
    let m: RegExpExecArray | null;
    while ((m = re.exec(text))) {
      const num = Number(m[1]);
      const gen = Number(m[2]);
      const lexer = new PdfLexer(text, m.index + m[0].length);
      let value: PdfValue;
      try {
        value = lexer.value();
      } catch {
        continue;
      }
      const obj: PdfObject = { num, gen, value, pos: m.index };
      lexer.skipWhitespace();
      if (text.startsWith('stream', lexer.pos) && isDict(value)) {
        let start = lexer.pos + 6;
        if (text[start] === '\r') start++;
        if (text[start] === '\n') start++;
        const declared = value.get('Length');
        let end = -1;
        if (typeof declared === 'number' && declared >= 0 && start + declared <= text.length) {
          const after = new PdfLexer(text, start + declared, Math.min(text.length, start + declared + 64));
          after.skipWhitespace();
          if (text.startsWith('endstream', after.pos)) end = start + declared;
        }
        if (end === -1) {
          const found = text.indexOf('endstream', start);
          end = found === -1 ? text.length : found;
          if (text[end - 1] === '\n') end--;
          if (text[end - 1] === '\r') end--;
        }
        obj.stream = { start, end: Math.max(start, end) };
        re.lastIndex = end;
      } else {
        re.lastIndex = lexer.pos;
      }
      this.objects.set(num, obj);
    }
  }

  private scanTrailers(): void {
    const found: { pos: number; dict: PdfDict }[] = [];
    const re = /trailer[\0\t\n\f\r ]*<</g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(this.text))) {
      try {
        const v = new PdfLexer(this.text, m.index + 7).value();
        if (isDict(v)) found.push({ pos: m.index, dict: v });
      } catch {
        // a damaged trailer: the others may do
      }
    }
    for (const obj of this.objects.values()) {
      if (isDict(obj.value) && nameOf(obj.value.get('Type')) === 'XRef') found.push({ pos: obj.pos, dict: obj.value });
    }
    found.sort((a, b) => a.pos - b.pos);
    // Later sections override earlier ones, as an incremental update does.
    for (const { dict } of found) for (const key of TRAILER_KEYS) if (dict.has(key)) this.trailer.set(key, dict.get(key)!);
  }

  /** Inflates every non-image stream once under the limits: a bomb is found here, not in pdfjs. */
  private checkStreams(): void {
    if (this.encrypted) return; // encrypted streams cannot be inflated without the key
    for (const obj of this.objects.values()) {
      if (!obj.stream || !isDict(obj.value)) continue;
      const subtype = nameOf(obj.value.get('Subtype'));
      const type = nameOf(obj.value.get('Type'));
      if (subtype === 'Image' || type === 'XRef') continue;
      try {
        this.streamData(obj);
      } catch (error) {
        if (error instanceof StreamTooLargeError) return;
        throw error;
      }
    }
  }

  private expandObjectStreams(): void {
    if (this.bomb) return;
    const containers = [...this.objects.values()].filter((o) => o.stream && isDict(o.value) && nameOf(o.value.get('Type')) === 'ObjStm');
    for (const container of containers) {
      let data: Buffer | null;
      try {
        data = this.streamData(container);
      } catch {
        return;
      }
      if (!data) continue;
      const dict = container.value as PdfDict;
      const n = dict.get('N');
      const first = dict.get('First');
      if (typeof n !== 'number' || typeof first !== 'number') continue;
      const s = data.toString('latin1');
      const header = new PdfLexer(s, 0, Math.min(s.length, first));
      for (let i = 0; i < n; i++) {
        let num: PdfValue | PdfOp | undefined;
        let offset: PdfValue | PdfOp | undefined;
        try {
          num = header.next();
          offset = header.next();
        } catch {
          break;
        }
        if (typeof num !== 'number' || typeof offset !== 'number') break;
        const existing = this.objects.get(num);
        if (existing && existing.pos > container.pos) continue;
        try {
          const value = new PdfLexer(s, first + offset).value();
          this.objects.set(num, { num, gen: 0, value, pos: container.pos });
        } catch {
          // one damaged member does not spoil the others
        }
      }
    }
  }

  private isLinearized(): boolean {
    const firstObj = /\d+[\0\t\n\f\r ]+\d+[\0\t\n\f\r ]+obj[\0\t\n\f\r ]*<<[^>]{0,200}\/Linearized/.exec(this.text.slice(0, 2048));
    return firstObj !== null;
  }
}
