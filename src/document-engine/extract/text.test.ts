// The shortcuts of the text helpers (ASCII fast paths, label pre-filters, cached column views) must
// give exactly what the plain definitions give.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayEndWithLegalForm, normalizeCompanyName, normalizeText } from '../../lib/names.ts';
import { afterLabel, columnView, findLabelled, fold, labelRegex, labelsIn, linesMaybeLabelled, linesWith, matchLabel, parseCells, toLines, type TextLine } from './text.ts';

/** Letters with a stroke, which no decomposition strips. */
const STROKED = 'łŁđĐøØħĦŧŦƀɨ';
const STROKED_BASE = 'llddoohhttbi';

/** fold as defined: each character lowercased and stripped of accents (a stroked letter to its base), keeping the length; a Korean syllable stays whole. */
function foldByDefinition(s: string): string {
  let out = '';
  for (const ch of s) {
    if (STROKED.includes(ch)) {
      out += STROKED_BASE[STROKED.indexOf(ch)];
      continue;
    }
    if (/^[\uAC00-\uD7A3]$/.test(ch)) {
      out += ch;
      continue;
    }
    let f = ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    if (f === '') f = ' ';
    if (f.length !== ch.length) f = ch.length === 1 ? f[0] : ch.toLowerCase().slice(0, ch.length).padEnd(ch.length, ' ');
    out += f;
  }
  return out;
}

const SPECIAL: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };
function normalizeByDefinition(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (ch) => SPECIAL[ch] ?? ch)
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** matchLabel as defined: every label's expression tried on the line, first label in the list wins. */
function matchByDefinition(line: TextLine, labels: readonly string[]) {
  for (const label of labels) {
    const m = labelRegex(label).exec(line.fold);
    if (m) {
      const start = m.index + m[0].length - m[1].length;
      return { line: -1, start, end: start + m[1].length, label };
    }
  }
  return null;
}

const text = fc.string({ unit: fc.constantFrom(...'aAéÉöÖßİıﬁ  \t.-_/:#1234567890Invoice NrRechnungsdatumVerkäufer'.split('')), maxLength: 40 });
const mixed = fc.string({ unit: 'binary', maxLength: 30 });

describe('text helpers', () => {
  it('fold gives the definition on ASCII and on any other text', () => {
    fc.assert(
      fc.property(fc.oneof(text, mixed, fc.string({ maxLength: 30 }), fc.constantFrom(...STROKED, 'Płatność', 'Đakovo')), (s) => {
        expect(fold(s)).toBe(foldByDefinition(s));
      }),
      { numRuns: 3000 },
    );
  });

  it('normalizeText gives the definition on ASCII and on any other text', () => {
    fc.assert(
      fc.property(fc.oneof(text, mixed, fc.string({ maxLength: 30 })), (s) => {
        expect(normalizeText(s)).toBe(normalizeByDefinition(s));
      }),
      { numRuns: 3000 },
    );
  });

  const LABELS = ['invoice number', 'invoice no', 'rechnungsnummer', 'rechnungsdatum', 'verkaufer', 'nr', 'date', 'n de facture', 'invoice #', 'b l no'];

  it('matches a label on a line exactly as its regular expression does, with or without the pre-filter', () => {
    const line = fc.array(
      fc.oneof(
        fc.constantFrom('Invoice', 'No.', 'Nr', 'Rechnungs', 'nummer', 'Rechnungsnummer', 'Rechnungs datum', 'Ver käufer', 'Verkäufer', 'B/L', 'Date', 'N°', 'de', 'facture', '#', ':', '4711', '\t'),
        text,
      ),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), fc.subarray(LABELS, { minLength: 1 }), (rows, labels) => {
        const lines = toLines([{ number: 1, text: rows.map((r) => r.join(' ')).join('\n') }]);
        const present = labelsIn(lines, labels);
        for (const l of lines) {
          const expected = matchByDefinition(l, labels);
          expect(matchLabel(l, labels)).toEqual(expected);
          expect(matchLabel(l, present)).toEqual(expected);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('names, in order, every line where a label matches, searching the text once per label', () => {
    const line = fc.array(fc.oneof(fc.constantFrom('Invoice', 'No.', 'Nr', 'Rechnungs', 'nummer', 'Rechnungsnummer', 'Ver käufer', 'B/L', 'Date', 'N°', 'de', 'facture', '#', '\t'), text), {
      maxLength: 8,
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), fc.subarray(LABELS, { minLength: 1 }), (rows, labels) => {
        const lines = toLines([{ number: 1, text: rows.map((r) => r.join(' ')).join('\n') }]);
        const present = labelsIn(lines, labels);
        const candidates = linesMaybeLabelled(lines, present);
        // In order, each once, and every line a label matches among them.
        expect([...candidates].sort((a, b) => a - b)).toEqual([...new Set(candidates)]);
        const matching = lines.flatMap((l, i) => (matchByDefinition(l, labels) ? [i] : []));
        for (const i of matching) expect(candidates).toContain(i);
        expect(linesWith(lines, labels)).toEqual(matching);
        // The first labelled value, as a search of every line finds it.
        const parse = (t: string) => (t.length % 2 === 0 ? t : null);
        let expected: { value: string; line: number; label: string } | null = null;
        for (let i = 0; i < lines.length && !expected; i++) {
          const hit = matchByDefinition(lines[i], labels);
          if (!hit) continue;
          const rest = afterLabel(lines[i].text.slice(hit.end));
          const v = rest !== '' ? parse(rest) : null;
          if (v !== null) expected = { value: v, line: i, label: hit.label };
          else if (i + 1 < lines.length) {
            const below = parseCells(lines[i + 1].text, parse);
            if (below !== null) expected = { value: below, line: i + 1, label: hit.label };
          }
        }
        expect(findLabelled(lines, labels, parse)).toEqual(expected);
      }),
      { numRuns: 1500 },
    );
  });

  it('finds a labelled value only where a label occurs, and says so cheaply when none does', () => {
    const lines = toLines([{ number: 1, text: 'Acme GmbH\nRechnungs nr.: RE-2024/17\tDatum 01.02.2024\nTotal 12,00 EUR' }]);
    expect(labelsIn(lines, ['invoice number', 'rechnungsnr', 'date'])).toEqual(['rechnungsnr']);
    expect(findLabelled(lines, ['invoice number', 'rechnungsnr'], (t) => t.split(/\s/)[0])?.value).toBe('RE-2024/17');
    expect(findLabelled(lines, ['invoice number', 'numero de facture'], (t) => t)).toBeNull();
  });

  it('gives the same column view for the same lines and column', () => {
    const lines = toLines([{ number: 1, text: 'Seller\tBuyer\nAcme GmbH\tGlobex Ltd\nno tabs here' }]);
    const view = columnView(lines, 1);
    expect(columnView(lines, 1)).toBe(view);
    expect(view.map((l) => l.text)).toEqual(['Buyer', 'Globex Ltd', '']);
    expect(columnView(lines, 0).map((l) => l.text)).toEqual(['Seller', 'Acme GmbH', 'no tabs here']);
  });

  it('rules out a legal form only where normalisation would find none', () => {
    const words = fc.constantFrom(
      'Acme',
      'Trading',
      'GmbH',
      'Ltd',
      'Ltd.',
      'S.p.A.',
      'AG',
      '&',
      'Co.',
      'KG',
      'as',
      'o.o.',
      'Sp.',
      'z',
      'LLC',
      'limited',
      'Kft.',
      '—',
      'a.G.',
      'SE',
      'S.A.',
      'de',
      'C.V.',
    );
    fc.assert(
      fc.property(fc.array(words, { minLength: 1, maxLength: 6 }), (parts) => {
        if (!mayEndWithLegalForm(parts[parts.length - 1])) expect(normalizeCompanyName(parts.join(' ')).legalForm).toBeNull();
      }),
      { numRuns: 3000 },
    );
  });
});
