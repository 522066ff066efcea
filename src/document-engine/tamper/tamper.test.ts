// Tamper signals are weighed so one weak sign never warns, and edits that leave traces do.
import { describe, expect, it } from 'vitest';
import { forensics } from '../../../test/corpus/read-document.ts';
import { assessTamper, pdfDateMs, tamperFindings } from './tamper.ts';

const codes = (f: Parameters<typeof assessTamper>[0]) => tamperFindings(assessTamper(f), 'x.pdf').map((x) => x.code);

describe('tamper signals', () => {
  it('leave a genuine file alone, even re-saved once or converted by a PDF/A library', () => {
    expect(codes(forensics())).toEqual([]);
    expect(codes(forensics({ revisions: 5, producer: 'intarsys PDF/A Live!', creator: 'intarsys ZUGFeRD Toolkit 1.0' }))).toEqual([]);
    expect(codes(forensics({ producer: 'Acrobat Distiller 23.0', creator: 'PScript5.dll' }))).toEqual([]);
  });

  it('warn about an editing tool that saved over another program’s file', () => {
    expect(codes(forensics({ revisions: 2, producer: 'PDF-XChange Editor 9.5', creator: 'Microsoft Word' }))).toEqual(['document_possibly_edited']);
  });

  it('call white boxes over text with an editor’s update an edit', () => {
    expect(codes(forensics({ revisions: 2, producer: 'Adobe Acrobat Pro DC 23.1', white_boxes_over_text: 1 }))).toEqual(['document_edited']);
  });

  it('weigh text-edit markers, fonts embedded twice, invisible text and Info/XMP disagreement', () => {
    const a = assessTamper({
      ...forensics({ fonts: [{ name: 'Arial', objects: 2, embedded: true }], invisible_text_chars: 200, producer: 'Microsoft Word', xmp_producer: 'Adobe Acrobat Pro DC 21.0' }),
      text_edit_markers: 2,
    });
    expect(a.signals.map((s) => s.signal).sort()).toEqual(['editing_tool', 'font_embedded_twice', 'info_xmp_disagree', 'invisible_text', 'made_elsewhere', 'text_edit_markers']);
    expect(a.score).toBeGreaterThanOrEqual(6);
  });

  it('weigh a compressing service re-saving a scan as a weak sign, and still count what the content shows', () => {
    const compressed = { producer: 'www.ilovepdf.com', creator: 'Microsoft Word 2016', creation_date: 'D:20181121125908Z', modification_date: 'D:20190206115113+01' };
    expect(codes(forensics(compressed))).toEqual(['edit_signals']);
    expect(codes(forensics({ ...compressed, white_boxes_over_text: 1 }))).toEqual(['document_possibly_edited']);
    expect(codes(forensics({ ...compressed, revisions: 2 }))).toEqual(['document_possibly_edited']);
  });

  it('take an issuer’s sealing saves (each ending in a signature) for what they are, not an edit; a save after the seal still counts', () => {
    const stamped = { revisions: 2, producer: 'Adobe Acrobat Pro DC 23.1', creator: 'Microsoft Word', creation_date: 'D:20260901100000Z', modification_date: 'D:20261020100000Z' };
    expect(codes(forensics(stamped))).toEqual(['document_possibly_edited']);
    expect(codes(forensics({ ...stamped, signed_updates: 1 }))).toEqual([]);
    expect(codes(forensics({ ...stamped, revisions: 3, signed_updates: 1 }))).toEqual(['document_possibly_edited']);
    // What the content itself shows still counts on a sealed file.
    expect(assessTamper({ ...forensics({ ...stamped, signed_updates: 1 }), text_edit_markers: 2 }).signals.map((x) => x.signal)).toEqual(['text_edit_markers']);
  });

  it('reads PDF and ISO dates', () => {
    expect(pdfDateMs("D:20240105120000+01'00'")).toBe(Date.UTC(2024, 0, 5, 11, 0, 0));
    expect(pdfDateMs('2026-10-29T09:30:00Z')).toBe(Date.UTC(2026, 9, 29, 9, 30, 0));
    expect(pdfDateMs('garbage')).toBeNull();
  });
});
