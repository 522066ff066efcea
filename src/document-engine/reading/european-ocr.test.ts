// Pages in another European language: an invented Spanish register extract and an invented Greek one,
// drawn here in DejaVu Sans (accents and Greek letters) and scanned at 200 dpi, are read again with
// their own language's data, so the company's name keeps its letters and the labels English data
// misreads ("Razén social", "constitucién") are found; the rules that tell a page's language from
// English tesseract's words and keep the reading only when it measures better; OCR_EUROPEAN=false turns it off.
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { layoutPng } from '../../../test/fixtures/layout-pages.ts';
import { verifyRead } from '../engine.ts';
import { caseFactsFrom } from '../rules/context.ts';
import { chooseEuropean, GREEK_MARGIN, greekShare, latinLanguage, looksGreek, pageLanguage, tidyGreek } from './european-ocr.ts';
import { closeReaders, configureReaders, readDocument } from './index.ts';
import { EUROPEAN_PAGES, ReadContext } from './read-context.ts';

/** An invented Spanish register extract (a made-up company, NIF with a valid check letter). */
const SPANISH = [
  'REGISTRO MERCANTIL DE MADRID',
  'NOTA SIMPLE INFORMATIVA',
  'Razón social: Construcciones Pérez Ibáñez S.L.',
  'Número de identificación fiscal: B12345674',
  'Domicilio: Calle de la Montaña 12, 28013 Madrid',
  'Fecha de constitución: 14 de marzo de 2019',
  'Inscripción: Tomo 3456, Folio 78, Hoja M-123456',
  'Administrador único: Íñigo Núñez Gómez',
  'Estado: Activa',
];
/** An invented Greek register extract. */
const GREEK = [
  'ΓΕΝΙΚΟ ΕΜΠΟΡΙΚΟ ΜΗΤΡΩΟ',
  'Επωνυμία: Παπαδόπουλος Εμπορική Α.Ε.',
  'Αριθμός Γ.Ε.ΜΗ.: 123456789000',
  'Έδρα: Οδός Αθηνάς 15, 10551 Αθήνα',
  'Ημερομηνία σύστασης: 12/03/2014',
  'ΑΦΜ: 099999999',
];

const scan = (lines: string[]) =>
  layoutPng(
    lines.map((text, i) => ({ text, x: 50, y: 80 + i * 22, size: 10 })),
    200,
    true,
  );

async function readAndVerify(png: Buffer) {
  const read = await readDocument(png, 'image/png', { maxPages: 1 });
  const out = verifyRead({
    read,
    documentId: 'register-extract',
    ctx: {
      case: caseFactsFrom({ company_full_name: 'Unrelated Client Ltd' }, 'Unrelated Client Ltd'),
      task: { requested_type: 'company_registration', company_full_name: 'Unrelated Client Ltd', file_name: 'extract.png' },
      today: '2024-06-01',
    },
  });
  return { text: read.pages[0].text, fields: out.extracted.fields as Record<string, unknown> };
}

afterAll(async () => {
  configureReaders({ threads: 0 });
  await closeReaders();
});

describe('pages in another European language', () => {
  it('reads a Spanish register scan with the Spanish data: the name with its letters, the date under its accented label', async () => {
    configureReaders({ threads: 1, european: true });
    const { text, fields } = await readAndVerify(scan(SPANISH));
    expect(text).toContain('Razón social');
    expect(fields.company_name).toBe('Construcciones Pérez Ibáñez S.L.');
    expect(fields.incorporation_date).toBe('2019-03-14');
    // Greek print, which English data reads as Latin noise, is read in Greek letters.
    const greek = await readAndVerify(scan(GREEK));
    expect(greekShare(greek.text)).toBeGreaterThan(0.5);
    expect(greek.text).toContain('Επωνυμία: Παπαδόπουλος Εμπορική Α.Ε.');
    expect(greek.fields.registration_number).toBe('123456789000');
    await closeReaders();
  });

  it('with OCR_EUROPEAN off the same page stays English tesseract’s reading (the name without its letters)', async () => {
    configureReaders({ threads: 1, european: false });
    const { fields } = await readAndVerify(scan(SPANISH));
    expect(fields.company_name).not.toBe('Construcciones Pérez Ibáñez S.L.');
    await closeReaders();
  });

  it('tells the language from the words English tesseract read, accents lost', () => {
    // As English data reads them (invented pages).
    expect(latinLanguage('Razén social: Construcciones S.L. Numero de identificacién fiscal Domicilio: Calle de la Montafia 12 Fecha de constitucién: 14 de marzo de 2019')).toBe('es');
    expect(latinLanguage('HANDELSREGISTER B des Amtsgerichts Minchen Firma: Backerei Miller GmbH Sitz: Miinchen Geschaftsfuhrer: Jurgen Wei3, geboren am 03.05.1970 Tag der ersten Eintragung')).toBe(
      'de',
    );
    expect(latinLanguage('KRAJOWY REJESTR SADOWY Nazwa: Przedsiebiorstwo Handlowe Sp. z 0.0. Siedziba: ul. Zetkiewskiego 15 Data rejestracji: 12.03.2014 Zarzad: Kapitat zaktadowy')).toBe('pl');
    expect(latinLanguage('Faktura nr 2024-117 Fakturadatum 2024-03-01 Forfallodatum 2024-03-31 Att betala 1 250,00 kr Moms 25 % Summa att betala och kundnummer')).toBe('sv');
    // An English page, and too few words to tell: none.
    expect(pageLanguage({ text: 'Invoice number 2047. Please pay the total amount due by the date on this invoice.', confidence: 90, cjk: false, identity: false })).toBeNull();
    expect(pageLanguage({ text: 'Total 12,00', confidence: 90, cjk: false, identity: false })).toBeNull();
    // A photo read as noise: specks read as "a", "v", "s", "k", "de" say nothing of its language.
    expect(latinLanguage('v a s k o z | a v 3 k s o ve pa de ry s a k')).toBeNull();
    expect(pageLanguage({ text: 'Lieu de naissance Date de naissance Nom Prénom de la République', confidence: 38, cjk: false, identity: true })).toBeNull();
  });

  it('tells Greek print from the noise English data makes of it, only on a doubtful page', () => {
    const noise = 'FENIKO EMIMOPIKO MHTPQO Enwvupia: NanadémnovAog Epnoptkr ALE. ApOpéC IE.MH.: 123456789000 E6pa: 0666 ABnvag 15, 10551 ABrjva Huepopnvia obotaong: 12/03/2014';
    expect(looksGreek(noise, 50)).toBe(true);
    expect(pageLanguage({ text: noise, confidence: 50, cjk: false, identity: false })).toBe('el');
    expect(looksGreek(noise, 85)).toBe(false);
    // A register's heading in capitals: Ω read as a Q that no U follows.
    expect(looksGreek('FENIKO EMIMOPIKO MHTPQO MIZTOMOIHTIKO KATAXQPIZHZ APOPGC Enwvupia EAAIA WHOIAKH Huepounvia cbotaong ABrva Abriva', 58)).toBe(true);
    // Chinese or Japanese as the second engine read it is not read again.
    expect(pageLanguage({ text: noise, confidence: 50, cjk: true, identity: false })).toBeNull();
    // Nor a doubtful photo of an identity document (its zone is read by the second engine).
    expect(pageLanguage({ text: noise, confidence: 50, cjk: false, identity: true })).toBeNull();
    // A doubtful English photo is not Greek.
    expect(looksGreek('Passport No. Surname Given names Nationality Date of birth Place of birth Authority Date of issue Date of expiry', 45)).toBe(false);
  });

  it('keeps the language reading only when it measures better', () => {
    const english = { confidence: 84, words: 40, text: 'Razén social Numero de identificacién fiscal Fecha de constitucién' };
    const spanish = { confidence: 95, words: 40, text: 'Razón social Número de identificación fiscal Fecha de constitución' };
    expect(chooseEuropean('es', english, spanish)).toBe(true);
    // Less confident, or lines lost, or its own words gone: English tesseract's reading stays.
    expect(chooseEuropean('es', english, { ...spanish, confidence: 80 })).toBe(false);
    expect(chooseEuropean('es', english, { ...spanish, words: 30 })).toBe(false);
    expect(chooseEuropean('es', { ...english, text: 'Razon social Numero de identificacion' }, { ...spanish, text: 'Razxn sxcial Nxmero' })).toBe(false);
    // Greek: clearly more confident, and in Greek letters.
    const greek = { confidence: 50 + GREEK_MARGIN, words: 30, text: 'Επωνυμία Παπαδόπουλος Εμπορική Αριθμός Ημερομηνία σύστασης' };
    expect(chooseEuropean('el', { confidence: 50, words: 30, text: 'Enwvupia' }, greek)).toBe(true);
    expect(chooseEuropean('el', { confidence: 51, words: 30, text: 'Enwvupia' }, greek)).toBe(false);
    expect(chooseEuropean('el', { confidence: 40, words: 30, text: 'Enwvupia' }, { ...greek, text: 'Invoice number total amount due payment' })).toBe(false);
    expect(tidyGreek('Αριθµός 5 µm')).toBe('Αριθμός 5 µm');
  });

  it('reads again EUROPEAN_PAGES pages of a document at most', () => {
    const ctx = new ReadContext({ maxPages: 10, ocr: true, maxImagePixels: 1e8, softDeadline: Date.now() + 60_000, deadline: Date.now() + 60_000 }, {});
    const allowed = Array.from({ length: EUROPEAN_PAGES + 2 }, () => ctx.europeanAllowed());
    expect(allowed.filter(Boolean)).toHaveLength(EUROPEAN_PAGES);
  });

  it('is on by default and turned off by OCR_EUROPEAN=false', () => {
    expect(loadConfig({}).OCR_EUROPEAN).toBe(true);
    expect(loadConfig({ OCR_EUROPEAN: 'false' }).OCR_EUROPEAN).toBe(false);
  });
});
