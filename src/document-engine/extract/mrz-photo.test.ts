// Machine-readable zones as a phone photo or a small scan delivers them: a caption read on the zone's
// row, the two lines joined into one row, look-alike swaps that keep the check digit, names one slip
// from the printed ones, and damaged fields that nothing confirms (left empty rather than guessed).
// Invented documents throughout.
import { describe, expect, it } from 'vitest';
import { docText } from './doc-text.ts';
import { extractIdentity } from './identity.ts';
import { buildTd3, checkDigit, findMrz } from './mrz.ts';
import { resolveField } from './mrz-repair.ts';
import { zoneRows } from './mrz-rows.ts';

const TODAY = '2026-11-23';
const passport = (surname: string, given: string, number = 'XA7734497') => buildTd3({ state: 'UTO', surname, given, number, nationality: 'UTO', birth: '1979-04-11', sex: 'F', expiry: '2031-06-30' });
const identity = (text: string) => extractIdentity(docText({ pages: [{ number: 1, text, method: 'ocr' }], language: 'en' }), findMrz(text, TODAY));

describe('rows of a zone as OCR delivers them from a photo', () => {
  it('takes a caption printed beside the zone off its row', () => {
    const [l1, l2] = passport('Marlow', 'Ines');
    expect(zoneRows(`${l1} Machine Readable Zone (MRZ)`)).toEqual([l1]);
    const mrz = findMrz(`PASSPORT\nMARLOW\nINES\n${l1} Machine Readable Zone (MRZ)\n${l2}`, TODAY);
    expect(mrz).toMatchObject({ surname: 'MARLOW', given_names: 'INES', document_number: 'XA7734497', valid: true });
  });

  it('cuts the two lines of a zone read as one row before its data line', () => {
    const [l1, l2] = passport('Marlow', 'Ines');
    // The first line's closing fillers partly lost, as a slanted row loses them.
    const joined = `${l1.slice(0, 30)}${l2}`;
    expect(zoneRows(joined)).toEqual([l1.slice(0, 30), l2]);
    const mrz = findMrz(`PASSPORT\n${joined}`, TODAY);
    expect(mrz).toMatchObject({ surname: 'MARLOW', given_names: 'INES', birth_date: '1979-04-11', expiry_date: '2031-06-30', valid: true });
  });

  it('leaves ordinary lines and a zone line with a stray mark in a filler run whole', () => {
    expect(zoneRows('Date of birth 11 APR 1979')).toEqual(['Date of birth 11 APR 1979']);
    const [, l2] = passport('Marlow', 'Ines');
    const marked = `${l2.slice(0, 30)}€${l2.slice(31)}`;
    expect(zoneRows(marked)).toEqual([marked]);
  });
});

describe('look-alikes that keep the check digit', () => {
  it('takes no number when the page prints, as a word of its own, a look-alike reading that passes the check as well', () => {
    // Z→2 at a place weighted 7 and S→5 at the next, weighted 3, change the weighted sum by 300.
    const [l1, l2] = passport('Marlow', 'Ines', 'XA1ZS2345');
    const misread = `XA125${l2.slice(5)}`;
    expect(resolveField(misread.slice(0, 9), misread[9])).toMatchObject({ value: 'XA1252345', repaired: false });
    // The zone's reading and the printed one both pass; the printed one may be the misread one (a
    // printed 6 read as G never changes the check): nothing tells them apart, neither is taken.
    const mrz = findMrz(`PASSPORT\nXA1ZS2345\n${l1}\n${misread}`, TODAY);
    expect(mrz).toMatchObject({ document_number: '', number_doubtful: true, birth_date: '1979-04-11' });
    expect(identity(`PASSPORT\nPassport No. XA1ZS2345\n${l1}\n${misread}`).document_number).toBeNull();
    // Without the printed number, the reading as it stands.
    expect(findMrz(`PASSPORT\n${l1}\n${misread}`, TODAY)?.document_number).toBe('XA1252345');
  });
});

describe("a number's look-alikes where the composite check is unreadable", () => {
  // An invented card zone (TD1) whose optional data OCR read as junk, so its composite fails.
  const num = 'CB00000AA';
  const l1 = `IDUTO${num}${checkDigit(num)}`.padEnd(30, '<');
  const body = `870328${checkDigit('870328')}F280831${checkDigit('280831')}UTO`.padEnd(29, '<');
  const l2 = body + checkDigit(l1.slice(5, 30) + body.slice(0, 7) + body.slice(8, 15) + body.slice(18, 29));
  const misread = `${l1.slice(0, 5)}CBD0000AA${l1.slice(14, 16)}KLLKY<<<QRK<K<`;

  it('swaps them when the visual zone prints the number so swapped and its own check passes', () => {
    expect(findMrz(`IDENTITY CARD CB00000AA\n${misread}\n${l2}\nSAMPLE<<ALEX<<<<<<<<<<<<<<<<<<`, TODAY)?.document_number).toBe('CB00000AA');
  });

  it('keeps the reading (its check failing) when nothing prints the number', () => {
    const mrz = findMrz(`IDENTITY CARD\n${misread}\n${l2}\nSAMPLE<<ALEX<<<<<<<<<<<<<<<<<<`, TODAY);
    expect(mrz?.document_number).toBe('CBD0000AA');
    expect(mrz?.checks.find((c) => c.field === 'document_number')?.ok).toBe(false);
  });
});

describe('names of the zone against the printed names', () => {
  it('prefers the reading of the name line that the page prints letter for letter to one a slip away', () => {
    const [l1, l2] = passport('Howarth', 'Ellen');
    const slip = l1.replace('HOWARTH', 'HOMARTH');
    const mrz = findMrz(`PASSPORT\nHOWARTH\nELLEN\n${l1}\n${l2}\n${slip}\n${l2}`, TODAY);
    expect(mrz?.surname).toBe('HOWARTH');
  });

  it('takes the printed word that two disagreeing readings of the zone are each one slip from', () => {
    const [l1, l2] = passport('Quewham', 'Hollis');
    const h = l1.replace('QUEWHAM', 'QUERHAM');
    const n = l1.replace('QUEWHAM<<HOLLIS<<<<<<', 'QUENHAMCCHOLLISCCCLLL');
    expect(findMrz(`PASSPORT\nQUEWHAM\nHOLLIS\n${h}\n${l2}\n${n}`, TODAY)?.surname).toBe('QUEWHAM');
    // One reading alone, one slip from the printed word: the zone's reading stands.
    expect(findMrz(`PASSPORT\nQUEWHAM\nHOLLIS\n${h}\n${l2}`, TODAY)?.surname).toBe('QUERHAM');
  });

  it('leaves out a damaged name part that neither the page nor a second reading confirms', () => {
    const [l1, l2] = passport('Dale Fenwick Orrin', 'Ivo');
    // The separator read as "<C": no reading bounds the surname.
    const read = `${l1.slice(0, 5)}${'DALE<FENWICX<ORRIN<CIVO<<<KLKL<K'.padEnd(39, '<')}`;
    const f = identity(`PASSPORT\nIVO\n${read}\n${l2}`);
    expect(f.surname).toBeNull();
    expect(f.mrz?.names_doubtful).toBe(true);
  });

  it('keeps a part a reading bounds as printed, after the code, its filler and the state, up to "<<"', () => {
    const [l1, l2] = passport('Marlow', 'Ines');
    const tail = `${l1.slice(0, 17)}K<<<<<<<K<K<<<<CCCCCCCCCCC`.padEnd(44, 'C');
    // The printed surname misread beyond recognition; the given name printed.
    const mrz = findMrz(`PASSPORT\nRARTLW\nINES\n${tail}\n${l2}`, TODAY);
    expect(mrz).toMatchObject({ surname: 'MARLOW', names_doubtful: true });
    // A code's filler read as a letter shifts the state: nothing then bounds the surname.
    const shifted = `PE${tail.slice(2)}`;
    expect(findMrz(`PASSPORT\nRARTLW\n${shifted}\n${l2}`, TODAY)?.surname).not.toBe('EUTOMARLOW');
  });

  it('keeps names one reading writes with every filler a filler, though the page prints them otherwise', () => {
    const [l1, l2] = passport('Aegisdottir', 'Thora Oesk');
    const junk = l1.replace('THORA<OESK<<<<<', 'THORAKOESK<<KL<');
    // The printed names as OCR reads them: the Æ and Þ lost.
    const mrz = findMrz(`PASSPORT\nEGISDOTTIR\nPORA OSK\n${l1}\n${l2}\n${junk}\n${l2}`, TODAY);
    expect(mrz).toMatchObject({ surname: 'AEGISDOTTIR', given_names: 'THORA OESK', names_doubtful: false });
  });
});

describe('a zone value whose check digit fails', () => {
  const [l1, l2] = passport('Marlow', 'Ines');
  // The birth date's check digit misread, the name line's fillers read as K (a repaired reading).
  const badBirth = `${l2.slice(0, 19)}${(Number(l2[19]) + 1) % 10}${l2.slice(20)}`;
  const repaired = l1.replace('INES<<<<', 'INES<KKK');

  it('is left out when nothing else on the page prints it', () => {
    const f = identity(`PASSPORT\nMARLOW\nINES\n${repaired}\n${badBirth}`);
    expect(f.mrz?.failed_checks).toContain('birth_date');
    expect(f.birth_date).toBeNull();
    expect(f.expiry_date).toBe('2031-06-30');
  });

  it('is kept when the visual zone prints it, in whatever form', () => {
    expect(identity(`PASSPORT\nMARLOW\nINES\n11 APR/AVR 79\n${repaired}\n${badBirth}`).birth_date).toBe('1979-04-11');
    expect(identity(`PASSPORT\nMARLOW\nINES\n11.04.1979\n${repaired}\n${badBirth}`).birth_date).toBe('1979-04-11');
  });

  it('is kept from a zone read exactly as printed: the failure is then the document’s own', () => {
    expect(identity(`PASSPORT\n${l1}\n${badBirth}`).birth_date).toBe('1979-04-11');
  });
});
