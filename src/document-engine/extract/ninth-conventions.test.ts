// Conventions the ninth set of company documents met on two sources or more (every name and number
// here is made up): register numbers under the labels of the registers of the former Soviet Union
// and the Balkans and of Taiwan, with their check digits where they have one; a taxpayer's
// identification number never taken for the register's; a name in quotation marks after its legal
// form written out; the labels of those registers' dates, legal forms, names and addresses; a
// company "has been registered by/in … on" a day; a certificate of state registration of a legal
// entity; the date after a document's own number at its top; closing formulas of certificates of
// good standing ("issued this official certificate at … on", "En testimonio de lo cual").
import { afterAll, describe, expect, it } from 'vitest';
import { readText } from '../../../test/corpus/read-document.ts';
import { layoutPdf, type Placed } from '../../../test/fixtures/layout-pages.ts';
import { classifyText } from '../classify/classify.ts';
import { closeReaders, readDocument } from '../reading/index.ts';
import { extractRegister } from './corporate.ts';
import { docText } from './doc-text.ts';
import { bulgarianUicValid, kazakhBinValid, macedonianEmbsValid, moldovanIdnoValid, taiwaneseUbnValid, ukrainianEdrpouValid } from './register-checks.ts';

afterAll(closeReaders);

const text = (s: string) => docText(readText(s));
const laidOut = async (pieces: Placed[]) => docText(await readDocument(await layoutPdf(pieces), 'application/pdf', { maxPages: 1 }));

describe('register numbers of the former Soviet Union, the Balkans and Taiwan', () => {
  it('checks their check digits', () => {
    expect(ukrainianEdrpouValid('44567896')).toBe(true);
    expect(ukrainianEdrpouValid('44567895')).toBe(false);
    expect(moldovanIdnoValid('1021600045678')).toBe(true);
    expect(moldovanIdnoValid('1021600045679')).toBe(false);
    expect(macedonianEmbsValid('6543219')).toBe(true);
    expect(macedonianEmbsValid('6543218')).toBe(false);
    expect(bulgarianUicValid('206345674')).toBe(true);
    expect(bulgarianUicValid('206345675')).toBe(false);
    expect(kazakhBinValid('191140025672')).toBe(true);
    expect(kazakhBinValid('191140025673')).toBe(false);
    expect(taiwaneseUbnValid('83124560')).toBe(true);
    expect(taiwaneseUbnValid('83124561')).toBe(false);
  });

  it.each([
    ['EXTRACT\nIdentification code of the legal entity (EDRPOU)\n44567896\nFull name\tEXAMPLE LLC', '44567896'],
    ['EXTRAS\nNumărul de identificare de stat - IDNO:\t1021600045678\nDenumirea completă:\tEXEMPLU S.R.L.', '1021600045678'],
    ['CURRENT STATUS\nEMBS:\t6543219\nFull name:\tEXAMPLE DOOEL Skopje', '6543219'],
    ['CERTIFICATE OF CURRENT STATUS\nUIC:\t206345674\nLegal form:\tLimited Liability Company', '206345674'],
    ['CERTIFICATE\nBusiness identification number: 191140025672\nName: EXAMPLE LLP', '191140025672'],
    ['COMPANY REGISTRATION\nUnified Business No.\t83124560\nCompany Name\tEXAMPLE CO., LTD.', '83124560'],
    ['EXTRACT\nCompany name:\tEXAMPLE LLC\nIdentification code:\t404123456', '404123456'],
    ['EKSTRAKT\nNumri unik i identifikimit (NUIS)\tM81234567B\nEmri i subjektit\tSHEMBULL SHPK', 'M81234567B'],
    ['IZVOD IZ SUDSKOG REGISTRA\nMatični broj subjekta upisa (MBS):\t65-02-0456-19\nFirma:\tPRIMJER d.o.o.', '65-02-0456-19'],
  ])('reads the number of %j', (t, want) => {
    expect(extractRegister(text(t)).registration_number).toBe(want);
  });

  it.each([
    'EXTRACT\nIdentification code of the legal entity (EDRPOU)\n44567895',
    'EXTRAS\nIDNO:\t1021600045679',
    'CURRENT STATUS\nEMBS:\t6543218',
    'CERTIFICATE OF CURRENT STATUS\nUIC:\t206345675',
    'CERTIFICATE\nBusiness identification number: 191140025673',
  ])('leaves out a number that fails its check in %j', (t) => {
    expect(extractRegister(text(t)).registration_number).toBeNull();
  });

  it.each([
    ['CERTIFICATE\nEXAMPLE LLC has been registered on 1 March 2020 under state registration\nnumber 286.110.7654321.\nTaxpayer identification number:\t02654321', '286.110.7654321'],
    ['CERTIFICATE\nCertificate No. 9017654321\tRegister No. 6543210\nEXAMPLE LLC', '6543210'],
    ['CERTIFICATE OF EXISTENCE\nEXAMPLE LLC is in good standing.\nBusiness Number:\tE76543212020-1', 'E76543212020-1'],
  ])('reads a number under the labels of Armenia, Mongolia and Nevada in %j', (t, want) => {
    expect(extractRegister(text(t)).registration_number).toBe(want);
  });

  it('takes no taxpayer identification number for the register number', () => {
    expect(extractRegister(text('CERTIFICATE\nEXAMPLE LLC\nTaxpayer identification number:\t02654321')).registration_number).toBeNull();
  });
});

describe('names, legal forms and addresses of those registers', () => {
  it.each([
    ['EXTRACT\nFull name of the legal entity\nLIMITED LIABILITY COMPANY "EXAMPLE SOFT"\nIdentification code\t404123456', 'EXAMPLE SOFT'],
    ['CERTIFICATE\nName: Limited Liability Partnership "EXAMPLE STEPPE"\nLocation: Astana', 'EXAMPLE STEPPE'],
  ])('reads the name in quotation marks after its legal form written out in %j', (t, want) => {
    expect(extractRegister(text(t)).company_name).toBe(want);
  });

  it('reads a legal form under the label of "organisational and legal form"', async () => {
    const d = await laidOut([
      { text: 'EXTRACT', x: 50, y: 50, size: 14 },
      { text: 'Organisational and legal form', x: 50, y: 100, size: 8 },
      { text: 'Limited Liability Company', x: 50, y: 114 },
      { text: 'Location of the legal entity', x: 50, y: 150, size: 8 },
      { text: '01001, Ukraine, Kyiv, Example Street, building 3', x: 50, y: 164 },
    ]);
    expect(extractRegister(d).legal_form).toBe('Limited Liability Company');
  });

  it.each([
    ['EXTRAS\nForma organizatorico-juridică:\tSocietate cu Răspundere Limitată', 'legal_form', 'Societate cu Răspundere Limitată'],
    ['EKSTRAKT\nForma ligjore\tShoqëri Aksionare', 'legal_form', 'Shoqëri Aksionare'],
    ['EXTRACT\nLegal address:\tGeorgia, Batumi, Example Street N4', 'registered_address', 'Georgia, Batumi, Example Street N4'],
    ['IZVOD\nSjedište:\tMostar, Ulica Primjer 9', 'registered_address', 'Mostar, Ulica Primjer 9'],
    ['EXTRAS\nSediul:\tMD-2001, mun. Chișinău, str. Exemplu 2', 'registered_address', 'MD-2001, mun. Chișinău, str. Exemplu 2'],
  ])('reads %j', (t, key, want) => {
    expect(extractRegister(text(t))[key as 'legal_form' | 'registered_address']).toBe(want);
  });
});

describe('the dates of those registers', () => {
  it.each([
    ['EXTRACT\nDate of state registration:\t03/04/2016', '2016-04-03'],
    ['CERTIFICATE\nDate of initial state registration: 9 June 2019', '2019-06-09'],
    ['EKSTRAKT\nData e regjistrimit\t21/10/2018', '2018-10-21'],
    ['CURRENT STATUS\nDate of establishment:\t11.12.2017', '2017-12-11'],
    ['IZVOD\nDatum registracije\t05.05.2015', '2015-05-05'],
    ['CERTIDÃO\nData da matrícula: 14/02/2016', '2016-02-14'],
    ['CERTIFICATE\nDate of entry: 30.01.2020', '2020-01-30'],
  ])('reads the day of registration in %j', (t, want) => {
    expect(extractRegister(text(t)).incorporation_date).toBe(want);
  });

  it.each([
    ['CERTIFICATE\nThis is to certify that EXAMPLE LLC\nhas been registered by the State Register Agency on 2 April 2019 under number 123.', '2019-04-02'],
    ['CERTIFICATE\nEXAMPLE LLC\nhas been registered in the State Registry of Legal Entities on 7 August 2018.', '2018-08-07'],
  ])('reads the day a company "has been registered by/in" in %j', (t, want) => {
    expect(extractRegister(text(t)).incorporation_date).toBe(want);
  });

  it.each([
    ['EXTRAS\nNr. MD-2026-01234 din 02.10.2026\nDenumirea completă:\tEXEMPLU S.R.L.', '2026-10-02'],
    ['CURRENT STATUS\nReference number: 0805-50/654321 of 01.10.2026\nEMBS:\t6543219', '2026-10-01'],
    ['CERTIFICATE OF CURRENT STATUS\nNo. 20261001120000 / 01.10.2026\nUIC:\t206345674', '2026-10-01'],
  ])('dates an extract by the date after its own number in %j', (t, want) => {
    expect(extractRegister(text(t)).issue_date).toBe(want);
  });

  it('dates an extract by its "Date and time of formation"', () => {
    expect(extractRegister(text('EXTRACT\nDate and time of formation: 02.10.2026 09:12:44\nFull name\tEXAMPLE LLC')).issue_date).toBe('2026-10-02');
  });

  it.each([
    [
      'CERTIFICATE OF GOOD STANDING\nEXAMPLE LLC is a Limited Liability Company formed or registered on 05/17/2019 and is in good standing. This entity has been assigned entity identification number 20181234567.\nI have affixed hereto the Great Seal of the State and issued this official certificate at Denver, Colorado on 10/01/2026 @ 10:00:00 in accordance with applicable law.',
      '2026-10-01',
    ],
    ['CERTIFICADO DE EXISTENCIA\nCERTIFICO: Que EJEMPLO LLC existe.\nEN TESTIMONIO DE LO CUAL, expido el presente en San Juan, Puerto Rico, hoy 1 de octubre de 2026.', '2026-10-01'],
  ])('dates a certificate by its closing formula in %j', (t, want) => {
    expect(extractRegister(text(t)).issue_date).toBe(want);
  });
});

describe('a certificate of state registration of a legal entity', () => {
  it('is a certificate of incorporation, though it names the taxpayer number', () => {
    const t =
      'CERTIFICATE OF STATE REGISTRATION OF A LEGAL ENTITY\nThis is to certify that the limited liability company\nEXAMPLE SYSTEMS LLC\nhas been registered on 2 April 2019.\nTaxpayer identification number:\t02654321';
    expect(classifyText(t).type).toBe('certificate_of_incorporation');
  });
});
