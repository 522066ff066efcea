// Signs that a PDF was edited after it was made, weighed so that one weak sign (an incremental save,
// a re-saved file) never makes a warning on its own: several revisions, an editing tool as producer,
// a modification long after creation, Info and XMP metadata that disagree, text-edit markers, white
// boxes over text, invisible text, and one font embedded twice.
import type { PdfForensics } from '../document-model.ts';
import { finding } from '../rules/catalogue.ts';
import type { Finding } from '../rules/context.ts';

export interface TamperSignal {
  signal: string;
  weight: number;
  detail: string;
}

export interface TamperAssessment {
  score: number;
  signals: TamperSignal[];
}

/** Optional facts a reader may add beyond PdfForensics (Acrobat's TouchUp_TextEdit marked content). */
export type ForensicsInput = PdfForensics & { text_edit_markers?: number };

export const TAMPER_THRESHOLDS = { info: 2, warning: 3, critical: 6 };

/** Tools people use to change existing PDFs (not the ones that make them: Word, Distiller, report engines). */
const EDITORS =
  /(acrobat (pro|standard|dc)|adobe acrobat(?! distiller)(?! pdfmaker)|pdf-?xchange|foxit (phantom|pdf editor|editor)|phantompdf|nitro (pro|pdf)|pdfescape|sejda|smallpdf|ilovepdf|pdffiller|docfly|soda pdf|pdf expert|pdfelement|wondershare|inkscape|libreoffice draw|master pdf editor|pdf candy|pdf ?editor|photoshop|gimp|\bcanva\b|pdf24|pdfsam|hipdf)/i;
/**
 * Of those, the online services people mostly use to compress, merge or convert a file before
 * sending it: rewriting another program's file whole is what they do, so by itself it is a weaker sign.
 */
const RESAVERS = /(smallpdf|ilovepdf|pdf24|pdfsam|hipdf|pdf candy)/i;

function toolName(s: string | null): string {
  return (s ?? '')
    .toLowerCase()
    .replace(/[\d.()_;,:-]+/g, ' ')
    .replace(/\b(version|v|build|x64|x86|windows|mac ?os|via|based on)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** PDF dates "D:20240105120000+01'00'" and ISO strings to epoch ms; null when unreadable. */
export function pdfDateMs(s: string | null): number | null {
  if (!s) return null;
  if (/^\d{4}-\d{2}/.test(s.trim())) {
    const iso = Date.parse(s.trim());
    return Number.isFinite(iso) ? iso : null;
  }
  const m = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz+\-])?(\d{2})?'?(\d{2})?/.exec(s.trim());
  if (m) {
    const [, y, mo = '01', d = '01', h = '00', mi = '00', se = '00', sign, oh = '00', om = '00'] = m;
    let t = Date.UTC(+y, +mo - 1, +d, +h, +mi, +se);
    if (sign === '+' || sign === '-') t -= (sign === '+' ? 1 : -1) * (+oh * 60 + +om) * 60_000;
    return Number.isFinite(t) ? t : null;
  }
  const iso = Date.parse(s);
  return Number.isFinite(iso) ? iso : null;
}

const DAY = 86_400_000;

export function assessTamper(f: ForensicsInput | null): TamperAssessment {
  if (!f) return { score: 0, signals: [] };
  const signals: TamperSignal[] = [];
  const add = (signal: string, weight: number, detail: string) => signals.push({ signal, weight, detail });

  // Every save after the file was made ended in a digital signature covering it: the issuer (a
  // registry) stamped and sealed its own document. The saves, their tool and their date are the
  // sealing, not an edit; what the content itself shows (hidden text, text-edit marks) still counts.
  const sealed = f.revisions >= 2 && (f.signed_updates ?? 0) >= f.revisions - 1;
  if (f.revisions >= 2 && !sealed) add('revisions', 1, `${f.revisions} revisions (saved ${f.revisions - 1} time${f.revisions === 2 ? '' : 's'} after it was made)`);
  const tools = [f.producer, f.xmp_producer, f.creator, f.xmp_creator_tool].filter((t): t is string => !!t);
  const editor = tools.find((t) => EDITORS.test(t));
  // A whole-file rewrite by such a service is a compression; an incremental save by it is an edit.
  if (editor && !sealed && RESAVERS.test(editor) && f.revisions < 2) {
    add('editing_tool', 1.5, `saved by an online PDF service that also edits ("${editor}")`);
  } else if (editor && !sealed) {
    add('editing_tool', 2.5, `written by an editing tool ("${editor}")`);
    const maker = f.creator ?? f.xmp_creator_tool;
    if (maker && !EDITORS.test(maker) && toolName(maker) !== toolName(editor)) add('made_elsewhere', 1, `made with "${maker}", then saved by "${editor}"`);
  }
  const created = pdfDateMs(f.creation_date ?? f.xmp_create_date);
  const modified = pdfDateMs(f.modification_date ?? f.xmp_modify_date);
  if (!sealed && created !== null && modified !== null && modified - created > 7 * DAY) {
    add('modified_later', 1, `modified ${Math.round((modified - created) / DAY)} days after it was created`);
  }
  const infoXmp: string[] = [];
  if (f.producer && f.xmp_producer && toolName(f.producer) !== toolName(f.xmp_producer)) infoXmp.push(`producer "${f.producer}" vs XMP "${f.xmp_producer}"`);
  const im = pdfDateMs(f.modification_date);
  const xm = pdfDateMs(f.xmp_modify_date);
  if (im !== null && xm !== null && Math.abs(im - xm) > DAY) infoXmp.push(`modification date ${f.modification_date} vs XMP ${f.xmp_modify_date}`);
  if (infoXmp.length) add('info_xmp_disagree', infoXmp.length === 2 ? 1.5 : 1, `Info and XMP metadata disagree (${infoXmp.join('; ')})`);
  if ((f.text_edit_markers ?? 0) > 0) add('text_edit_markers', 3, `${f.text_edit_markers} text-edit marker${f.text_edit_markers === 1 ? '' : 's'} (TouchUp_TextEdit)`);
  if (f.white_boxes_over_text > 0) add('white_boxes', Math.min(4, 2 + f.white_boxes_over_text), `${f.white_boxes_over_text} white box${f.white_boxes_over_text === 1 ? '' : 'es'} drawn over text`);
  if (f.invisible_text_chars > 20) add('invisible_text', 1, `${f.invisible_text_chars} characters of invisible text`);
  const twice = f.fonts.filter((x) => x.embedded && x.objects > 1);
  if (twice.length) add('font_embedded_twice', 1.5, `font${twice.length === 1 ? '' : 's'} embedded more than once: ${twice.map((x) => `${x.name} (${x.objects}×)`).join(', ')}`);

  const score = Math.round(signals.reduce((s, x) => s + x.weight, 0) * 10) / 10;
  return { score, signals };
}

export function tamperFindings(a: TamperAssessment, fileName: string): Finding[] {
  if (a.score < TAMPER_THRESHOLDS.info) return [];
  const list = a.signals.map((s) => s.detail).join('; ');
  if (a.score >= TAMPER_THRESHOLDS.critical) return [finding('document_edited', `"${fileName}" shows strong signs of editing (score ${a.score}): ${list}.`)];
  if (a.score >= TAMPER_THRESHOLDS.warning) return [finding('document_possibly_edited', `"${fileName}" may have been edited (score ${a.score}): ${list}.`)];
  return [finding('edit_signals', `"${fileName}" has weak signs of editing (score ${a.score}), not enough for a warning: ${list}.`)];
}
