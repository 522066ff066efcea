// Edits a rendered PDF the way people doctor documents: an incremental update appended to the
// original bytes that paints a white box over an amount and writes another one, and/or a new Info
// dictionary naming an editing tool with a later modification date. The original revision stays in
// the file, as it does with real editors.
import { PDFArray, type PDFDict, PDFDocument, PDFName, PDFRef } from 'pdf-lib';
import type { EditSpec } from './model.ts';
import type { Placed } from './render-pdf.ts';

function pdfDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `D:${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z`;
}

function pdfString(s: string): string {
  return `(${s.replace(/[\\()]/g, (m) => `\\${m}`)})`;
}

function lastStartxref(bytes: Buffer): number {
  const tail = bytes.subarray(Math.max(0, bytes.length - 1024)).toString('latin1');
  const m = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!m) throw new Error('no startxref at the end of the file');
  return Number(m[1]);
}

export async function editPdf(original: Buffer, placed: Placed[], edit: EditSpec, created: string): Promise<Buffer> {
  const pdf = await PDFDocument.load(original, { updateMetadata: false });
  const ctx = pdf.context;
  let next = ctx.largestObjectNumber + 1;
  const objects: { num: number; body: string }[] = [];
  const trailer = ctx.trailerInfo;

  if (edit.replace) {
    const target = placed.find((p) => p.page === 1 && p.text.includes(edit.replace!.from));
    if (!target) throw new Error(`text "${edit.replace.from}" not found on page 1`);
    const page = pdf.getPage(0);
    const fontNum = next++;
    const saveNum = next++;
    const restoreNum = next++;
    const streamNum = next++;
    // The original content may leave its coordinate system changed (pdfkit flips it); wrap it in q … Q as editors do.
    objects.push({ num: saveNum, body: '<< /Length 1 >>\nstream\nq\nendstream' }, { num: restoreNum, body: '<< /Length 1 >>\nstream\nQ\nendstream' });
    objects.push({ num: fontNum, body: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>' });
    const newText = target.text.replace(edit.replace.from, edit.replace.to);
    const { x, y, width, size } = target;
    const acrobat = /acrobat/i.test(edit.producer ?? '');
    const ops = [
      'q 1 1 1 rg',
      `${(x - 1).toFixed(2)} ${(y - size * 0.25).toFixed(2)} ${(width + 8).toFixed(2)} ${(size * 1.2).toFixed(2)} re f Q`,
      acrobat ? '/Artifact <</Type /Pagination>> BDC EMC /TouchUp_TextEdit MP' : '',
      `BT /FEdit1 ${size} Tf 0 0 0 rg ${x.toFixed(2)} ${y.toFixed(2)} Td ${pdfString(newText)} Tj ET`,
    ].join('\n');
    objects.push({ num: streamNum, body: `<< /Length ${Buffer.byteLength(ops, 'latin1')} >>\nstream\n${ops}\nendstream` });
    const node = page.node;
    const dict = node.clone(ctx) as PDFDict;
    const contents = node.get(PDFName.of('Contents'));
    const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    dict.set(PDFName.of('Contents'), ctx.obj([PDFRef.of(saveNum), ...refs, PDFRef.of(restoreNum), PDFRef.of(streamNum)]));
    const resources = (node.Resources() ?? ctx.obj({})).clone(ctx) as PDFDict;
    const fonts = ((resources.lookup(PDFName.of('Font')) as PDFDict | undefined)?.clone(ctx) ?? ctx.obj({})) as PDFDict;
    fonts.set(PDFName.of('FEdit1'), PDFRef.of(fontNum));
    resources.set(PDFName.of('Font'), fonts);
    dict.set(PDFName.of('Resources'), resources);
    objects.push({ num: page.ref.objectNumber, body: dict.toString() });
  }

  let infoRef = trailer.Info ? String(trailer.Info) : null;
  if (edit.producer || edit.laterDays) {
    const old = trailer.Info ? (ctx.lookup(trailer.Info) as PDFDict) : null;
    const get = (k: string) => old?.get(PDFName.of(k))?.toString() ?? null;
    const infoNum = next++;
    const mod = new Date(Date.parse(`${created}T09:30:00Z`) + (edit.laterDays ?? 1) * 86_400_000 + 3_600_000);
    const entries = [
      get('Title') ? `/Title ${get('Title')}` : '',
      `/Producer ${edit.producer ? pdfString(edit.producer) : (get('Producer') ?? '(unknown)')}`,
      get('Creator') ? `/Creator ${get('Creator')}` : '',
      get('CreationDate') ? `/CreationDate ${get('CreationDate')}` : '',
      `/ModDate ${pdfString(pdfDate(mod))}`,
    ].filter(Boolean);
    objects.push({ num: infoNum, body: `<< ${entries.join(' ')} >>` });
    infoRef = `${infoNum} 0 R`;
  }

  const prev = lastStartxref(original);
  let out = original.subarray(original.length - 1)[0] === 0x0a ? '' : '\n';
  const offsets = new Map<number, number>();
  for (const o of objects.sort((a, b) => a.num - b.num)) {
    offsets.set(o.num, original.length + Buffer.byteLength(out, 'latin1'));
    out += `${o.num} 0 obj\n${o.body}\nendobj\n`;
  }
  const xrefAt = original.length + Buffer.byteLength(out, 'latin1');
  out += 'xref\n';
  for (const [num, off] of [...offsets.entries()].sort((a, b) => a[0] - b[0])) out += `${num} 1\n${String(off).padStart(10, '0')} 00000 n \n`;
  const size = Math.max(next, ctx.largestObjectNumber + 1);
  out += `trailer\n<< /Size ${size} /Root ${String(trailer.Root)}${infoRef ? ` /Info ${infoRef}` : ''} /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([original, Buffer.from(out, 'latin1')]);
}
