// Walks the drawing operators of a page's content stream (no rendering) for two tamper signals:
// text drawn invisibly (render mode 3 or 7), and white filled shapes painted over text drawn
// before them, the usual way to hide a figure and print another on top. Each subpath of a fill is
// its own shape: word processors paint table cells, their padding and the frames between rows as
// one path of many rectangles, whose bounding box spans rows it never paints; a rectangle inside
// another of the same path is a hole (a frame), not a cover.
import type { PdfFile } from './pdf-objects.ts';
import { PdfLexer, PdfName, PdfOp, PdfString, isDict, nameOf, type PdfDict, type PdfValue } from './pdf-syntax.ts';

type Matrix = [number, number, number, number, number, number];
interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  seq: number;
}
/** One white fill: its subpaths' boxes, in drawing order. */
interface Fill {
  parts: Box[];
  seq: number;
}
interface State {
  ctm: Matrix;
  white: boolean;
  renderMode: number;
  fontSize: number;
  twoByte: boolean;
  hScale: number;
  leading: number;
  charSpacing: number;
  rise: number;
}

export interface ContentSignals {
  invisibleChars: number;
  whiteBoxesOverText: number;
}

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const MAX_TOKENS = 300_000;
const MAX_FORM_DEPTH = 3;

function mul(m: Matrix, n: Matrix): Matrix {
  return [m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3], m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3], m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5]];
}

function bbox(m: Matrix, x0: number, y0: number, x1: number, y1: number, seq: number): Box {
  const pts = [
    [x0, y0],
    [x1, y0],
    [x0, y1],
    [x1, y1],
  ].map(([x, y]) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]]);
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys), seq };
}

function overlapShare(text: Box, cover: Box): number {
  const w = Math.min(text.x1, cover.x1) - Math.max(text.x0, cover.x0);
  const h = Math.min(text.y1, cover.y1) - Math.max(text.y0, cover.y0);
  if (w <= 0 || h <= 0) return 0;
  const area = (text.x1 - text.x0) * (text.y1 - text.y0);
  return area > 0 ? (w * h) / area : 0;
}

const inside = (inner: Box, outer: Box) => inner !== outer && inner.x0 >= outer.x0 && inner.y0 >= outer.y0 && inner.x1 <= outer.x1 && inner.y1 <= outer.y1;

/**
 * Whether a fill hides most of a text: some subpath covers it, and the innermost subpath over it is
 * not a hole, that is it lies inside an even number of the others over the text (a frame around a
 * cell is an outer rectangle and an inner one, painted even-odd or wound the other way).
 */
function covers(fill: Fill, text: Box): boolean {
  const over = fill.parts.filter((p) => overlapShare(text, p) >= 0.5);
  return over.some((p) => !over.some((q) => inside(q, p)) && over.filter((q) => inside(p, q)).length % 2 === 0);
}

const nums = (ops: PdfValue[]): number[] => ops.filter((v): v is number => typeof v === 'number');

// Whitespace and delimiters: an operator may follow a name, array or string with no space.
const SEPARATOR = new Uint8Array(256);
for (const c of '\0\t\n\f\r /[]<>(){}%') SEPARATOR[c.charCodeAt(0)] = 1;
const isSeparator = (c: number) => c < 256 && SEPARATOR[c] === 1;

/** Whether content[start, end) is a number: an optional sign, then digits with at most one point, and at least one digit. */
function isNumber(content: string, start: number, end: number): boolean {
  let i = start;
  const c = content.charCodeAt(i);
  if (c === 45 || c === 43) i++;
  let digits = 0;
  let points = 0;
  for (; i < end; i++) {
    const d = content.charCodeAt(i);
    if (d >= 48 && d <= 57) digits++;
    else if (d === 46 && points === 0) points++;
    else return false;
  }
  return digits > 0;
}

/** The operators that can give a signal, as whole words. */
const TRIGGERS = /(?:^|[\0\t\n\f\r /[\]<>(){}%])(Tr|Do|g|rg|k|scn?)(?=[\0\t\n\f\r /[\]<>(){}%]|$)/g;

/**
 * Whether the operators could give a signal at all: a render mode (Tr), a form that could set one
 * (Do), or a white fill colour. Most pages have none, and finding the few colour operators with a
 * regular expression, then reading the numbers just before each, is many times cheaper than the
 * walk; words inside strings can only make it say yes more often.
 */
export function mayHideContent(content: string): boolean {
  TRIGGERS.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = TRIGGERS.exec(content))) {
    const op = m[1];
    if (op === 'Tr' || op === 'Do') return true;
    // The operands: the numbers right before the operator, back to the previous word of another kind.
    const a: number[] = [];
    let end = m.index + m[0].length - op.length;
    for (;;) {
      while (end > 0 && isSeparator(content.charCodeAt(end - 1))) end--;
      let start = end;
      while (start > 0 && !isSeparator(content.charCodeAt(start - 1))) start--;
      if (start === end || !isNumber(content, start, end)) break;
      a.push(Number(content.slice(start, end)));
      end = start;
    }
    if (a.length === 0) continue;
    a.reverse();
    // As in the walk below, except that sc/scn counts whichever of its readings is white.
    if (
      op === 'g'
        ? a[a.length - 1] >= 0.99
        : op === 'rg'
          ? a.slice(-3).every((v) => v >= 0.99)
          : op === 'k'
            ? a.slice(-4).every((v) => v <= 0.01)
            : a.every((v) => v >= 0.99) || a.slice(-4).every((v) => v <= 0.01)
    )
      return true;
  }
  return false;
}

export function scanContent(file: PdfFile, content: string, resources: PdfDict | null): ContentSignals {
  const texts: Box[] = [];
  const whites: Fill[] = [];
  let invisibleChars = 0;
  let seq = 0;
  let tokens = 0;

  const run = (src: string, res: PdfDict | null, start: State, depth: number): void => {
    const lexer = new PdfLexer(src);
    const stack: State[] = [];
    let gs: State = { ...start };
    let tm: Matrix = IDENTITY;
    let tlm: Matrix = IDENTITY;
    // Bounding boxes of the current path's subpaths (any shape: editors draw boxes as m/l/h as often as re).
    let path: Box[] = [];
    const extend = (x: number, y: number, start = false) => {
      const px = gs.ctm[0] * x + gs.ctm[2] * y + gs.ctm[4];
      const py = gs.ctm[1] * x + gs.ctm[3] * y + gs.ctm[5];
      const last = path[path.length - 1];
      if (start || !last) path.push({ x0: px, y0: py, x1: px, y1: py, seq: 0 });
      else (last.x0 = Math.min(last.x0, px)), (last.y0 = Math.min(last.y0, py)), (last.x1 = Math.max(last.x1, px)), (last.y1 = Math.max(last.y1, py));
    };
    const endPath = () => {
      path = [];
    };
    let operands: PdfValue[] = [];
    const fonts = file.dict(res?.get('Font'));
    const xobjects = file.dict(res?.get('XObject'));

    const show = (s: PdfString, adjust = 0) => {
      const n = gs.twoByte ? Math.ceil(s.bytes.length / 2) : s.bytes.length;
      const width = ((n * gs.fontSize * 0.5 + n * gs.charSpacing) * gs.hScale) / 100;
      const trm = mul(tm, gs.ctm);
      const box = bbox(trm, 0, -0.2 * gs.fontSize + gs.rise, width, 0.8 * gs.fontSize + gs.rise, seq++);
      if (gs.renderMode === 3 || gs.renderMode === 7) invisibleChars += s.bytes.replace(/[\s\0]/g, '').length / (gs.twoByte ? 2 : 1);
      // Spaces in a one-byte font hide nothing when covered (two-byte glyph codes cannot be told apart here).
      else if (n > 0 && (gs.twoByte || /[^\s\0]/.test(s.bytes))) texts.push(box);
      tm = mul([1, 0, 0, 1, width - (adjust / 1000) * gs.fontSize * (gs.hScale / 100), 0], tm);
    };

    for (;;) {
      if (++tokens > MAX_TOKENS) return;
      let token: PdfValue | PdfOp | undefined;
      try {
        token = lexer.next();
      } catch {
        return;
      }
      if (token === undefined) return;
      if (!(token instanceof PdfOp)) {
        operands.push(token);
        continue;
      }
      const op = token.op;
      const a = nums(operands);
      switch (op) {
        case 'q':
          stack.push({ ...gs });
          break;
        case 'Q':
          gs = stack.pop() ?? gs;
          break;
        case 'cm':
          if (a.length === 6) gs.ctm = mul(a as Matrix, gs.ctm);
          break;
        case 'g':
          gs.white = a.length === 1 && a[0] >= 0.99;
          break;
        case 'rg':
          gs.white = a.length === 3 && a.every((v) => v >= 0.99);
          break;
        case 'k':
          gs.white = a.length === 4 && a.every((v) => v <= 0.01);
          break;
        case 'sc':
        case 'scn':
          gs.white = operands.length === a.length && (a.length === 4 ? a.every((v) => v <= 0.01) : a.length > 0 && a.every((v) => v >= 0.99));
          break;
        case 'cs':
          gs.white = false;
          break;
        case 're':
          if (a.length === 4) extend(a[0], a[1], true), extend(a[0] + a[2], a[1] + a[3]), extend(a[0], a[1] + a[3]), extend(a[0] + a[2], a[1]);
          break;
        case 'm':
          if (a.length === 2) extend(a[0], a[1], true);
          break;
        case 'l':
          if (a.length === 2) extend(a[0], a[1]);
          break;
        case 'c':
        case 'v':
        case 'y':
          for (let i = 0; i + 1 < a.length; i += 2) extend(a[i], a[i + 1]);
          break;
        case 'f':
        case 'F':
        case 'f*':
        case 'B':
        case 'B*':
        case 'b':
        case 'b*':
          if (gs.white && path.length > 0) whites.push({ parts: path, seq: seq++ });
          endPath();
          break;
        case 'n':
        case 'S':
        case 's':
          endPath();
          break;
        case 'BT':
          tm = IDENTITY;
          tlm = IDENTITY;
          break;
        case 'Tf': {
          const font = file.dict(fonts?.get(operands[0] instanceof PdfName ? operands[0].name : ''));
          gs.twoByte = nameOf(font?.get('Subtype')) === 'Type0';
          gs.fontSize = a[0] ?? gs.fontSize;
          break;
        }
        case 'Tr':
          gs.renderMode = a[0] ?? 0;
          break;
        case 'Tz':
          gs.hScale = a[0] ?? 100;
          break;
        case 'TL':
          gs.leading = a[0] ?? 0;
          break;
        case 'Tc':
          gs.charSpacing = a[0] ?? 0;
          break;
        case 'Ts':
          gs.rise = a[0] ?? 0;
          break;
        case 'Tm':
          if (a.length === 6) tm = tlm = a as Matrix;
          break;
        case 'Td':
        case 'TD':
          if (a.length === 2) {
            if (op === 'TD') gs.leading = -a[1];
            tm = tlm = mul([1, 0, 0, 1, a[0], a[1]], tlm);
          }
          break;
        case 'T*':
          tm = tlm = mul([1, 0, 0, 1, 0, -gs.leading], tlm);
          break;
        case "'":
        case '"':
          tm = tlm = mul([1, 0, 0, 1, 0, -gs.leading], tlm);
          if (operands.at(-1) instanceof PdfString) show(operands.at(-1) as PdfString);
          break;
        case 'Tj':
          if (operands[0] instanceof PdfString) show(operands[0]);
          break;
        case 'TJ':
          if (Array.isArray(operands[0])) {
            let adjust = 0;
            for (const part of operands[0]) {
              if (typeof part === 'number') adjust += part;
              else if (part instanceof PdfString) show(part, adjust), (adjust = 0);
            }
          }
          break;
        case 'BI': {
          // Inline image: skip its binary data up to "EI".
          const id = src.indexOf('ID', lexer.pos);
          const ei = id === -1 ? -1 : src.slice(id + 3).search(/[\s\0]EI(?=[\s\0]|$)/);
          if (ei === -1) return;
          lexer.pos = id + 3 + ei + 3;
          break;
        }
        case 'Do': {
          if (depth >= MAX_FORM_DEPTH || !(operands[0] instanceof PdfName)) break;
          const ref = xobjects?.get(operands[0].name);
          const form = file.objectOf(ref);
          if (!form || !isDict(form.value) || nameOf(form.value.get('Subtype')) !== 'Form') break;
          const data = file.streamData(form);
          const matrix = file.resolve(form.value.get('Matrix'));
          const fm = Array.isArray(matrix) && matrix.length === 6 && matrix.every((v) => typeof v === 'number') ? (matrix as Matrix) : IDENTITY;
          if (data) run(data.toString('latin1'), file.dict(form.value.get('Resources')) ?? res, { ...gs, ctm: mul(fm, gs.ctm) }, depth + 1);
          break;
        }
        default:
          break;
      }
      operands = [];
    }
  };

  const initial: State = { ctm: IDENTITY, white: false, renderMode: 0, fontSize: 12, twoByte: false, hScale: 100, leading: 0, charSpacing: 0, rise: 0 };
  try {
    run(content, resources, initial, 0);
  } catch {
    // A damaged stream gives what was found before the damage.
  }
  let whiteBoxesOverText = 0;
  for (const w of whites) if (texts.some((t) => t.seq < w.seq && covers(w, t))) whiteBoxesOverText++;
  return { invisibleChars: Math.round(invisibleChars), whiteBoxesOverText };
}
