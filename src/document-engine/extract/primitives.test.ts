// Dates, amounts, currencies, IBANs, VAT ids, registration numbers and machine-readable zones as
// documents write them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyIn, decimalStyle, findAmounts, normalizeAmount } from './amounts.ts';
import { findDates, forgetDocumentDates, monthsBefore, parseDate, parsePeriod, slashOrder } from './dates.ts';
import { findIbans, findVatIds, ibanIsValid, parseRegNumber, sameRegNumber, textHasRegNumber } from './identifiers.ts';
import { buildTd3, checkDigit, findMrz } from './mrz.ts';

describe('dates', () => {
  it.each([
    ['2026-09-28', '2026-09-28'],
    ['05.03.2018', '2018-03-05'],
    ['01.09.13', '2013-09-01'],
    ['13/11/2017', '2017-11-13'],
    ['24. Januar 2014', '2014-01-24'],
    ['5 March 2026', '2026-03-05'],
    ['March 5, 2026', '2026-03-05'],
    ['13 novembre 2017', '2017-11-13'],
    ['le 1er mai 2026', '2026-05-01'],
    ['05.03.2018Nr. 471102', '2018-03-05'],
  ])('%s → %s', (text, iso) => expect(parseDate(text)).toBe(iso));

  it('rejects impossible dates and version numbers', () => {
    expect(parseDate('31.02.2026')).toBeNull();
    expect(parseDate('version 2.1.0')).toBeNull();
    expect(parseDate('8.30 - 12.30 Uhr')).toBeNull();
  });

  it('tells day-first from month-first slashes by the document’s other dates', () => {
    const us = 'Invoice Date 11/03/2017\nPayment 11/17/2017';
    expect(slashOrder(us)).toBe('mdy');
    expect(findDates(us, slashOrder(us))[0].iso).toBe('2017-11-03');
    expect(slashOrder('13/11/2017 and 01/02/2018')).toBe('dmy');
  });

  it('finds the dates of a text once per document, in lists no caller can change', () => {
    forgetDocumentDates();
    const text = 'Issued 05.03.2018, valid from 1 May 2026 to 31 May 2026';
    const first = findDates(text);
    expect(first.map((d) => d.iso)).toEqual(['2018-03-05', '2026-05-01', '2026-05-31']);
    expect(findDates(text)).toBe(first);
    // The order of day and month is part of what was asked.
    expect(findDates('03/04/2026', 'mdy')[0].iso).toBe('2026-03-04');
    expect(findDates('03/04/2026', 'dmy')[0].iso).toBe('2026-04-03');
    expect(Object.isFrozen(first) && first.every((d) => Object.isFrozen(d))).toBe(true);
    expect(() => (first as unknown as { iso: string }[]).push({ iso: 'x' })).toThrow(TypeError);
    expect(() => {
      (first[0] as { iso: string }).iso = '1999-01-01';
    }).toThrow(TypeError);
    // A new document searches again, and finds the same.
    forgetDocumentDates();
    const again = findDates(text);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('reads periods and counts months back', () => {
    expect(parsePeriod('01.10.2018 bis 31.10.2018')).toEqual({ from: '2018-10-01', to: '2018-10-31' });
    expect(monthsBefore('2026-05-31', 3)).toBe('2026-02-28');
  });
});

describe('amounts', () => {
  it.each([
    ['1.234,56', 'comma', '1234.56'],
    ['1,234.56', 'dot', '1234.56'],
    ['1 234,56', 'comma', '1234.56'],
    ['1234', 'dot', '1234'],
    ['-8,79', 'comma', '-8.79'],
    ['(120.00)', 'dot', '-120'],
    ['1,234', 'dot', '1234'],
    ['1,234', 'comma', '1.234'],
    ["1'234.50", 'dot', '1234.5'],
  ] as const)('%s (%s decimals) → %s', (raw, style, value) => expect(normalizeAmount(raw, style)).toBe(value));

  it('finds amounts with their currency and skips percentages and dates', () => {
    const found = findAmounts('VAT 20%: 2,542.75 EUR on 28/09/2026, total €15,250.75', 'dot');
    expect(found.map((a) => [a.value, a.currency])).toEqual([
      ['2542.75', 'EUR'],
      ['15250.75', 'EUR'],
    ]);
  });

  it('decides the decimal separator of a document and names currencies', () => {
    expect(decimalStyle('Total 1.234,56 €\nNetto 1.000,00')).toBe('comma');
    expect(currencyIn('Rechnungswährung : EUR')).toBe('EUR');
    expect(currencyIn('Beträge in £')).toBe('GBP');
  });

  it('reads back any amount it writes in either style', () => {
    fc.assert(
      fc.property(fc.integer({ min: -99_999_999_99, max: 99_999_999_99 }), (c) => {
        const v = c / 100;
        const [int, dec] = Math.abs(v).toFixed(2).split('.');
        const en = `${v < 0 ? '-' : ''}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${dec}`;
        const de = `${v < 0 ? '-' : ''}${int.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${dec}`;
        expect(Number(normalizeAmount(en, 'dot'))).toBeCloseTo(v, 2);
        expect(Number(normalizeAmount(de, 'comma'))).toBeCloseTo(v, 2);
      }),
    );
  });
});

describe('identifiers', () => {
  it('validates IBANs and finds them spaced or not', () => {
    expect(ibanIsValid('GB33BUKB20201555555555')).toBe(true);
    expect(ibanIsValid('GB34BUKB20201555555555')).toBe(false);
    expect(findIbans('IBAN-Nr.: DE08 7009 0100 1234 5678 90 BIC: GENODEF1M04')).toEqual(['DE08700901001234567890']);
  });

  it('repairs what OCR does to IBANs and never lets garbage pass mod 97 by length', () => {
    expect(findIbans('IBAN: DEO3 8332 6720 8396 9012 19')).toEqual(['DE03833267208396901219']);
    expect(findIbans('IBAN:\tGB97 MDX] 5244 8004 8694 53')).toEqual(['GB97MDXJ52448004869453']);
    expect(findIbans('VAT ESB52076348\nINVOICE INVOICE No 2026')).toEqual([]);
  });

  it('finds VAT ids by country shape', () => {
    expect(findVatIds('USt-IdNr.: DE 123 456 789, TVA FR11999999998, Spain ESB01814045, NL123456789B01')).toEqual(['DE123456789', 'FR11999999998', 'ESB01814045', 'NL123456789B01']);
    expect(findVatIds('INVOICE12345678')).toEqual([]);
  });

  it('reads and compares registration numbers', () => {
    expect(parseRegNumber('HRB 12345 Amtsgericht Hamburg')).toBe('HRB 12345');
    expect(parseRegNumber('01234567')).toBe('01234567');
    expect(sameRegNumber('01234567', '1234567')).toBe(true);
    expect(sameRegNumber('HRB 12345', 'hrb12345')).toBe(true);
    expect(sameRegNumber('01234567', '07654321')).toBe(false);
    expect(textHasRegNumber('Company number 0123 4567', '01234567')).toBe(true);
  });
});

describe('machine-readable zones', () => {
  it('computes ICAO check digits', () => {
    expect(checkDigit('L898902C3')).toBe(6);
    expect(checkDigit('740812')).toBe(2);
  });

  it('parses the ICAO specimen passport and checks every digit', () => {
    const mrz = findMrz('P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10', '2010-01-01');
    expect(mrz).toMatchObject({
      format: 'TD3',
      document_kind: 'passport',
      surname: 'ERIKSSON',
      given_names: 'ANNA MARIA',
      document_number: 'L898902C3',
      nationality: 'UTO',
      birth_date: '1974-08-12',
      sex: 'F',
      expiry_date: '2012-04-15',
      valid: true,
    });
  });

  it('parses a TD1 identity card', () => {
    const mrz = findMrz('I<UTOD231458907<<<<<<<<<<<<<<<\n7408122F1204159UTO<<<<<<<<<<<6\nERIKSSON<<ANNA<MARIA<<<<<<<<<<', '2010-01-01');
    expect(mrz).toMatchObject({ format: 'TD1', document_kind: 'id_card', surname: 'ERIKSSON', document_number: 'D23145890', valid: true });
  });

  it('flags a wrong check digit, tolerates OCR spacing, and ignores prose', () => {
    const [l1, l2] = buildTd3({ state: 'GBR', surname: 'Public', given: 'Jane', number: 'AB1234567', nationality: 'GBR', birth: '1985-02-14', sex: 'F', expiry: '2031-05-01' });
    expect(findMrz(`${l1}\n${l2}`, '2026-11-20')?.valid).toBe(true);
    const broken = `${l2.slice(0, 9)}${(Number(l2[9]) + 1) % 10}${l2.slice(10)}`;
    expect(
      findMrz(`${l1}\n${broken}`, '2026-11-20')
        ?.checks.filter((c) => !c.ok)
        .map((c) => c.field),
    ).toEqual(['document_number', 'composite']);
    expect(findMrz(`${l1.replace(/</g, ' < ').replace(/ /g, ' ')}\n${l2}`, '2026-11-20')?.surname).toBe('PUBLIC');
    expect(findMrz('In these articles, unless the context requires otherwise, the Company means the company.\nIt is governed by the law.', '2026-11-20')).toBeNull();
  });
});
