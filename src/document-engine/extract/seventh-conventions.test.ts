// Conventions the seventh set of company documents met on two sources or more (every name and number
// here is made up): the registers of Serbia, Slovenia, Croatia, Latvia, Lithuania and Vietnam by their
// own labels and check digits; the labels of names, legal forms, dates and addresses in those
// languages, and a header row of them over its values; their letters and legal forms as English OCR
// misreads them; Spanish-speaking registers' status; certificates
// that a company was registered (not incorporated) on the day; Croatian and Slovenian register courts;
// a tax or business registration's number and holder with the colon in the value's cell; Polish and
// Danish insurance labels and a sum insured under its label.
import { afterAll, describe, expect, it } from 'vitest';
import { readText } from '../../../test/corpus/read-document.ts';
import { layoutPdf, type Placed } from '../../../test/fixtures/layout-pages.ts';
import { closeReaders, readDocument } from '../reading/index.ts';
import { settleOcrWord } from '../reading/ocr.ts';
import { extractRegister } from './corporate.ts';
import { docText } from './doc-text.ts';
import { extractInsurance, extractLicence } from './permits.ts';
import { lithuanianCompanyCodeValid, serbianRegistrationNumberValid, vietnameseEnterpriseCodeValid } from './register-checks.ts';

afterAll(closeReaders);

const text = (s: string) => docText(readText(s));
const laidOut = async (pieces: Placed[]) => docText(await readDocument(await layoutPdf(pieces), 'application/pdf', { maxPages: 1 }));

describe('national register numbers by their own labels and checks', () => {
  it('checks the Serbian, Lithuanian and Vietnamese check digits', () => {
    expect(serbianRegistrationNumberValid('20012349')).toBe(true);
    expect(serbianRegistrationNumberValid('20012340')).toBe(false);
    expect(lithuanianCompanyCodeValid('300012347')).toBe(true);
    expect(lithuanianCompanyCodeValid('300012346')).toBe(false);
    expect(vietnameseEnterpriseCodeValid('0101234565')).toBe(true);
    expect(vietnameseEnterpriseCodeValid('0101234566')).toBe(false);
  });

  it.each([
    ['IZVOD\nPoslovno ime:\tEXAMPLE DOO NOVI SAD\nMatični broj:\t20012349\nPIB:\t100012343', '20012349'],
    ['IZPISEK\nMatična številka\n1234567000\nFirma\nEXAMPLE d.o.o.', '1234567000'],
    ['IZVADAK IZ SUDSKOG REGISTRA\nMBS:\t080001234\nOIB:\t12345678903\nTVRTKA:\tEXAMPLE d.o.o.', '080001234'],
    ['IZZIŅA\nFirma:\tSIA "Example"\nReģistrācijas numurs:\t40003000010', '40003000010'],
    ['IŠRAŠAS\nKodas\tPavadinimas\n300012347\tUAB "Example"', '300012347'],
    ['CERTIFICATE OF ENTERPRISE REGISTRATION\nEnterprise code:\t0101234565\nFirst registration:\t2 May 2020', '0101234565'],
    ['CERTIFICADO DE EXISTENCIA\nRazón social:\tEXAMPLE S.A.S.\nMatrícula No.\t01234567', '01234567'],
  ])('reads the number of %j', (t, want) => {
    expect(extractRegister(text(t)).registration_number).toBe(want);
  });

  it('leaves out a number that fails its register check', () => {
    expect(extractRegister(text('IZVOD\nMatični broj:\t20012340')).registration_number).toBeNull();
  });
});

describe('register labels of the Baltic states and the former Yugoslavia', () => {
  it('reads names, legal forms, dates and addresses by their labels', () => {
    const hr = extractRegister(text('IZVADAK IZ SUDSKOG REGISTRA\nTVRTKA:\tEXAMPLE LUKA d.o.o. za usluge\nPRAVNI OBLIK:\tdruštvo s ograničenom odgovornošću'));
    expect(hr.company_name).toBe('EXAMPLE LUKA d.o.o. za usluge');
    expect(hr.legal_form).toBe('društvo s ograničenom odgovornošću');
    const rs = extractRegister(text('IZVOD\nPoslovno ime:\tEXAMPLE DOO NOVI SAD\nDatum osnivanja:\t17.08.2021.'));
    expect(rs.company_name).toBe('EXAMPLE DOO NOVI SAD');
    expect(rs.incorporation_date).toBe('2021-08-17');
    const lv = extractRegister(text('IZZIŅA\nReģistrācijas datums:\t15.06.2020\nJuridiskā adrese:\tExample iela 1, Rīga, LV-1010\nKomersanta veids:\tSabiedrība ar ierobežotu atbildību'));
    expect(lv.incorporation_date).toBe('2020-06-15');
    expect(lv.registered_address).toBe('Example iela 1, Rīga, LV-1010');
    expect(lv.legal_form).toBe('Sabiedrība ar ierobežotu atbildību');
    expect(extractRegister(text('IZPISEK\nDatum vpisa:\t21.05.2018\nStanje na dan:\t04.11.2026')).issue_date).toBe('2026-11-04');
    expect(extractRegister(text('CERTIFICADO\nFecha Expedición: 4 de noviembre de 2026 Hora: 09:41:17\nFecha de matrícula:\t15 de marzo de 2021')).incorporation_date).toBe('2021-03-15');
  });

  // The layout's standard font has no Lithuanian letters: the labels are written without their accents, as they fold.
  it('reads a label over its value, and no header cell as a value', async () => {
    const lt = await laidOut([
      { text: 'JURIDINIU ASMENU REGISTRO ISRASAS', x: 50, y: 50, size: 13 },
      { text: 'Kodas', x: 50, y: 100, size: 9 },
      { text: 'Pavadinimas', x: 200, y: 100, size: 9 },
      { text: 'Iregistravimo data', x: 400, y: 100, size: 9 },
      { text: '300012347', x: 50, y: 116 },
      { text: 'UAB "Example"', x: 200, y: 116 },
      { text: '2019-09-03', x: 400, y: 116 },
      { text: 'Teisine forma', x: 50, y: 150, size: 9 },
      { text: 'Buveines adresas', x: 200, y: 150, size: 9 },
      { text: 'Uzdaroji akcine bendrove', x: 50, y: 166 },
      { text: 'Vilnius, Example g. 1', x: 200, y: 166 },
    ]);
    const f = extractRegister(lt);
    expect(f.legal_form).toBe('Uzdaroji akcine bendrove');
    expect(f.company_name).not.toBe('Iregistravimo data');
  });
});

describe('Central European letters and legal forms as English OCR misreads them', () => {
  it.each([
    ['Mati¢na', 'Matična'],
    ['ograni¢enom', 'ograničenom'],
    ['d.0.0.', 'd.o.o.'],
    ['d.o.0.,', 'd.o.o.,'],
    ['D.0.O.', 'D.O.O.'],
    // A cent sign after a number is one; a legal form read right is left alone.
    ['25¢', '25¢'],
    ['d.o.o.', 'd.o.o.'],
  ])('reads %j as %j', (word, want) => {
    expect(settleOcrWord(word)).toBe(want);
  });
});

describe('Spanish-speaking registers, certificates of registration and register courts', () => {
  it('reads the status of a Colombian and a Panamanian register', () => {
    expect(extractRegister(text('CERTIFICADO\nRazón social:\tEXAMPLE S.A.S.\nEstado de la matrícula:\tACTIVA')).status).toBe('ACTIVA');
    expect(extractRegister(text('CERTIFICA QUE LA ENTIDAD\nEXAMPLE HOLDINGS, S.A.\n- QUE LA SOCIEDAD SE ENCUENTRA VIGENTE')).status).toBe('VIGENTE');
  });

  it('dates a company registered on the day of its certificate', () => {
    const mt =
      'CERTIFICATE OF REGISTRATION\nRegistration Number: C 10001\nI hereby certify that\nEXAMPLE GAMING LIMITED\nhas this day been registered as a limited liability company.\nGiven under my hand at Valletta, this 14th day of January, 2020.';
    expect(extractRegister(text(mt)).incorporation_date).toBe('2020-01-14');
    const bm =
      'CERTIFICATE OF INCORPORATION\nI hereby issue this Certificate and do certify that on the 22nd day of May, 2023\nEXAMPLE RE LTD.\nwas registered by me in the Register.\nGiven under my hand and the Seal of the REGISTRAR OF COMPANIES this 22nd day of May, 2023';
    expect(extractRegister(text(bm)).incorporation_date).toBe('2023-05-22');
    expect(extractRegister(text('CERTIFICADO DE PERSONA JURÍDICA\nEXAMPLE, S.A.\nSE ENCUENTRA REGISTRADA EN LA (MERCANTIL) DESDE EL MARTES, 3 DE MARZO DE 2020')).incorporation_date).toBe(
      '2020-03-03',
    );
  });

  it('names the Croatian and Slovenian register courts', () => {
    expect(extractRegister(text('REPUBLIKA HRVATSKA\nTRGOVAČKI SUD U ZAGREBU\nIZVADAK IZ SUDSKOG REGISTRA')).issuing_authority).toBe('Trgovački Sud u Zagrebu');
    expect(extractRegister(text('IZPISEK IZ SODNEGA REGISTRA\nSodišče\nOkrožno sodišče v Ljubljani')).issuing_authority).toBe('Okrožno sodišče v Ljubljani');
  });
});

describe('tax and business registrations, and insurance in Polish and Danish', () => {
  it("reads a Peruvian RUC's and an Indonesian NIB's number and holder, the colon in the value's cell", () => {
    const pe = extractLicence(text('FICHA RUC : 20100012341\nApellidos y Nombres ó Razón Social\t: EXAMPLE TEJIDOS S.A.C.\nTipo de Contribuyente\t: SOCIEDAD ANONIMA CERRADA'));
    expect(pe.licence_number).toBe('20100012341');
    expect(pe.holder).toBe('EXAMPLE TEJIDOS S.A.C.');
    const id = extractLicence(text('NOMOR INDUK BERUSAHA: 9120000012345\n1. Nama Pelaku Usaha\t: PT CONTOH EXAMPLE\n2. Alamat Kantor\t: Jalan Contoh 1\nDiterbitkan di Jakarta, tanggal: 12 Mei 2022'));
    expect(id.licence_number).toBe('9120000012345');
    expect(id.holder).toBe('PT CONTOH EXAMPLE');
    expect(id.issue_date).toBe('2022-05-12');
  });

  it('reads Polish and Danish policy numbers, policyholders and sums under their labels', async () => {
    const pl = await laidOut([
      { text: 'POLISA NR 900000012345', x: 50, y: 50, size: 14 },
      { text: 'Ubezpieczajacy', x: 50, y: 100, size: 8 },
      { text: 'EXAMPLE SP. Z O.O.', x: 50, y: 114 },
      { text: 'Suma gwarancyjna', x: 50, y: 150, size: 8 },
      { text: '1 000 000,00 PLN na jedno i wszystkie zdarzenia', x: 50, y: 164 },
      { text: 'Miejsce i data wystawienia: Warszawa, 15.12.2025', x: 50, y: 200 },
    ]);
    const p = extractInsurance(pl);
    expect(p.policy_number).toBe('900000012345');
    expect(p.insured_amount).toBe('1000000');
    expect(p.issue_date).toBe('2025-12-15');
    const dk = await laidOut([
      { text: 'FORSIKRINGSBEVIS', x: 50, y: 50, size: 14 },
      { text: 'Policenummer', x: 50, y: 100, size: 8 },
      { text: 'Forsikringstager', x: 300, y: 100, size: 8 },
      { text: '6400-0000-01', x: 50, y: 114 },
      { text: 'Example ApS', x: 300, y: 114 },
      { text: 'Forsikringssum', x: 50, y: 150, size: 8 },
      { text: 'Hovedforfald', x: 300, y: 150, size: 8 },
      { text: 'DKK 10.000.000', x: 50, y: 164 },
      { text: '1. februar', x: 300, y: 164 },
    ]);
    const d = extractInsurance(dk);
    expect(d.policy_number).toBe('6400-0000-01');
    expect(d.policyholder).toBe('Example ApS');
    expect(d.insured_amount).toBe('10000000');
  });
});

describe('a label is never part of the value', () => {
  it('reads the number after a French-speaking register\'s "N° RC" and "N° RCCM", without the abbreviation', () => {
    expect(extractRegister(text('REGISTRE DU COMMERCE\nN° RC : 604321\tDate : 02/03/2025\nDénomination :\tEXEMPLE NEGOCE SARL')).registration_number).toBe('604321');
    expect(extractRegister(text('REGISTRE DU COMMERCE ET DU CREDIT MOBILIER\nN° RCCM : CI-ABJ-2019-B-54321\nDénomination :\tEXEMPLE SERVICES SA')).registration_number).toBe('CI-ABJ-2019-B-54321');
    expect(extractRegister(text('RCCM : RB/COT/19 B 24680\nDénomination :\tEXEMPLE TRANSIT SARL')).registration_number).toBe('RB/COT/19 B 24680');
  });

  it('leaves out the word that ties a title to the name on the line below it', () => {
    expect(extractRegister(text('BOLAGSORDNING\nför Exempel Verktyg AB\norg.nr 559000-0001')).company_name).toBe('Exempel Verktyg AB');
    expect(extractRegister(text('SATZUNG\nder Beispiel Werkzeuge GmbH\nin der Fassung vom 3. März 2021')).company_name).toBe('Beispiel Werkzeuge GmbH');
    expect(extractRegister(text('Der Gruene Baum GmbH\nHandelsregister B')).company_name).toBe('Der Gruene Baum GmbH');
  });
});
