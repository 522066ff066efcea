// Company documents as registries, tax offices and brokers write them (every value here is made up):
// what kind each is, the registration number in each country's format, dates in figures and in
// words, the company never taken from an officer or subscriber, and licence and insurance fields.
import { describe, expect, it } from 'vitest';
import { readText } from '../../../test/corpus/read-document.ts';
import { classifyText } from '../classify/classify.ts';
import { findCompanyNumber } from './company-numbers.ts';
import { extractArticles, extractRegister } from './corporate.ts';
import { findDates } from './dates.ts';
import { docText } from './doc-text.ts';
import { extractInsurance, extractLicence } from './permits.ts';
import { toLines } from './text.ts';

const text = (s: string) => docText(readText(s));
const lines = (s: string) => toLines([{ number: 1, text: s }]);

describe('company documents are told apart', () => {
  it.each([
    ['Your VAT Certificate\nAbout your registration\nVAT registration number (VRN)\t123456782\nRegistration date\t1 March 2025', 'license'],
    ['DEPARTMENT OF THE TREASURY\nINTERNAL REVENUE SERVICE\nEmployer Identification Number:\n12-3456789\nWE ASSIGNED YOU AN EMPLOYER IDENTIFICATION NUMBER', 'license'],
    ['PIN Certificate\nCertificate Date : 01/02/2020\nPersonal Identification Number\nP051234567X\nTaxpayer Information\nTaxpayer Name\tEXAMPLE TRADERS LIMITED', 'license'],
    ['TAX PAYER IDENTIFICATION NUMBER (TIN) / VAT REGISTRATION\nYour Tax Identification Number is 01234567-0001.', 'license'],
    ['Importer-Exporter Code\nThis is to certify that EXAMPLE EXPORTS is issued an Importer-Exporter Code (IEC) ABCDE1234F', 'license'],
    ['CERTIFICATE\nTRADE NAME REGISTRATION\nEffective Date: 06/16/2020\nExpiration Date: 06/16/2025', 'license'],
    [
      'Certificate of Registration under the Waste Regulations\nName of registered carrier Example Haulage Limited\nRegistered as an upper tier waste carrier and dealer\nExpiry date of registration 1 May 2027',
      'license',
    ],
    ['사 업 자 등 록 증\n등록번호 : 123-45-67890\n개 업 연 월 일 : 2019 년 10 월 14 일', 'license'],
    ['STATE OF EXAMPLE\nI certify that EXAMPLE WIDGETS, LLC, Registration Number 1234567, is currently in FULL FORCE AND EFFECT and in good standing.', 'register_extract'],
    ['CERTIFICATION OF INCORPORATION\nLLP Identification Number: AAA-1234\nRegistrar of Companies', 'certificate_of_incorporation'],
    ['一般社団法人見本研究所定款\n第１章 総則\n（名称）', 'articles_of_association'],
  ])('%#: %s', (t, type) => {
    expect(classifyText(t).type).toBe(type);
  });
});

describe('registration numbers in each country’s format', () => {
  it.each([
    ['Company Number. 01234567', '01234567'],
    ['The Corporate Identity Number of the company is U12345MH2021PTC123456', 'U12345MH2021PTC123456'],
    ['LLP Identification Number: AAB-1234', 'AAB-1234'],
    ['RC 1234567\nCORPORATE AFFAIRS COMMISSION\nCertificate of Incorporation', 'RC 1234567'],
    ['is incorporated as a Private Company under the identification number\n240101234567\nin accordance with the law', '240101234567'],
    ['records show EXAMPLE, LLC, an Ohio limited liability company, Registration\nNumber 7654321, was organized', '7654321'],
    ['Unique Entity Number (UEN): 201912345K', '201912345K'],
    ['Australian Company Number (ACN) 123 456 789', '123 456 789'],
    ['NZBN: 9429041234567', '9429041234567'],
    ['Registration number: 2015/123456/07', '2015/123456/07'],
    ['Amtsgericht Hamburg HRB 12345', 'HRB 12345'],
    ['SIREN : 123 456 789', '123 456 789'],
    ['KvK-nummer: 12345678', '12345678'],
    ['Registrikood 12345678', '12345678'],
    ['CR No.: 1234567', '1234567'],
  ])('%s', (t, want) => {
    expect(findCompanyNumber(lines(t))).toBe(want);
  });

  it('takes no year of an Act for a number', () => {
    expect(findCompanyNumber(lines('registered under the Companies Act 2013'))).toBeNull();
  });
});

describe('dates written in words and other calendars', () => {
  it.each([
    ['incorporated on this FIFTH day of MARCH TWO THOUSAND AND TWENTY', '2020-03-05'],
    ['Given under my hand this Twenty first day of January Two thousand twenty-two.', '2022-01-21'],
    ['on the thirty-first day of December, nineteen ninety-nine', '1999-12-31'],
    ['this 21st day of (February, 2018.', '2018-02-21'],
    ['this 1st day of January, A.D. 2021.', '2021-01-01'],
    ['le cinq mars deux mille vingt', '2020-03-05'],
    ['el quince de marzo de dos mil veinte', '2020-03-15'],
    ['令和２年９月２３日', '2020-09-23'],
    ['平成元年1月8日', '1989-01-08'],
    ['2026 년 05 월 26 일', '2026-05-26'],
    ['16™ April, 2018', '2018-04-16'],
    // OCR glues the "de" to the month, and reads the 1 of "1er" as an l.
    ['Fecha de concesión: 12 de juniode 2019', '2019-06-12'],
    ['Fait à Lyon, le ler septembre 2015', '2015-09-01'],
  ])('%s', (t, iso) => {
    expect(findDates(t).map((d) => d.iso)).toEqual([iso]);
  });

  it('reads no date from numbers in words that are not one', () => {
    expect(findDates('one of the two thousand shares')).toEqual([]);
  });
});

describe('a certificate of incorporation', () => {
  const certificate = [
    'CERTIFICATE OF INCORPORATION',
    'OF A PRIVATE LIMITED COMPANY',
    'Company Number 09876543',
    'The Registrar of Companies for England and Wales hereby certifies that',
    'EXAMPLE WIDGETS LIMITED',
    'is this day incorporated under the Companies Act 2006 as a private company, and the situation',
    'of its registered office is in England and Wales.',
    'Given under my hand at Cardiff this fifth day of March two thousand and twenty.',
    'Directors',
    'Jane Example',
    'John Sample',
  ].join('\n');

  it('reads its number, its date in words and its officers as persons, never as the company', () => {
    const f = extractRegister(text(certificate));
    expect(f).toMatchObject({ company_name: 'EXAMPLE WIDGETS LIMITED', registration_number: '09876543', incorporation_date: '2020-03-05', issue_date: '2020-03-05' });
    expect(f.directors).toEqual(['Jane Example', 'John Sample']);
  });

  it('takes the company from the sentence that names it, not from a subscriber or witness', () => {
    const memorandum = [
      'MEMORANDUM OF ASSOCIATION',
      'Name of the witness',
      'Mary Witness',
      '1 The name of the company is EXAMPLE WIDGETS PRIVATE',
      'LIMITED',
      '2 The registered office of the company will be situated in the State of Example',
      'Subscriber Details',
      'JOHN SUBSCRIBER, 12 Some Road, Exampletown 123456',
    ].join('\n');
    expect(extractRegister(text(memorandum)).company_name).toBe('EXAMPLE WIDGETS PRIVATE LIMITED');
  });

  it('reads a good standing: the date it was organised, its status and its registered office from the prose', () => {
    const f = extractRegister(
      text(
        [
          'I, Alex Official, do hereby certify that I am the Secretary of State, and that said records show',
          'EXAMPLE WIDGETS, LLC, an Ohio For Profit Limited Liability Company, Registration',
          'Number 7654321, was organized within the State of Ohio on December 12, 2012,',
          'is currently in FULL FORCE AND EFFECT upon the records of this office.',
          'Witness my hand and the seal of the Secretary of State',
          'this 1st day of January, A.D. 2021.',
        ].join('\n'),
      ),
    );
    expect(f).toMatchObject({ company_name: 'EXAMPLE WIDGETS, LLC', registration_number: '7654321', incorporation_date: '2012-12-12', status: 'FULL FORCE AND EFFECT', issue_date: '2021-01-01' });
  });

  it('reads the registered office a charter states in a sentence, and the address block under a mailing-address heading', () => {
    const charter =
      'CERTIFICATE OF INCORPORATION\nOF\nEXAMPLE WIDGETS, INC.\nThe registered office of the corporation in the State of Delaware shall be 12 Example Street, Dover, DE\n19901, USA and the name of the registered agent is Agent Co.';
    expect(extractRegister(text(charter)).registered_address).toBe('12 Example Street, Dover, DE 19901, USA');
    const mailing =
      'Certificate of Incorporation\nMailing Address as per record available in Registrar of Companies office:\nEXAMPLE WIDGETS PRIVATE LIMITED\n12, EXAMPLE ROAD, SOMETOWN-123456, Somestate\n*as issued by the tax department';
    expect(extractRegister(text(mailing)).registered_address).toBe('12, EXAMPLE ROAD, SOMETOWN-123456, Somestate');
  });

  it("takes the company's address after its name when the record first lists another party's", () => {
    const record = [
      'CERTIFICATION OF INCORPORATION',
      'LLP Identification Number: AAZ-0042',
      'Mailing Address as per record available in Registrar Office:',
      'ROC NAME: Registrar, Sometown',
      'ROC ADDRESS: Block 4, 9 Harbour Road, Sometown, 123456',
      'LLP NAME: EXAMPLE GARDENS LLP',
      'Unit 7, 3 Mill Lane,Oldfield,,Riverside,Somestate,654321,Exampleland',
      'LLPIN: AAZ-0042',
      'It is hereby certified that EXAMPLE GARDENS LLP is incorporated pursuant to section 12(1) of the Act.',
    ].join('\n');
    expect(extractRegister(text(record)).registered_address).toBe('Unit 7, 3 Mill Lane, Oldfield, Riverside, Somestate, 654321, Exampleland');
    // Other parties' lines and no company named before the address: nothing is taken for it.
    expect(extractRegister(text('Mailing Address as per record:\nROC NAME: Registrar, Sometown\nROC ADDRESS: Block 4, 9 Harbour Road, Sometown, 123456')).registered_address).toBeNull();
  });

  it('dates articles by their closing lines when nothing labels the date', () => {
    expect(extractArticles(text('定款\n第１条 当法人は見本と称する。\n附則\n令和３年４月１日')).issue_date).toBe('2021-04-01');
  });
});

describe('licences and tax registrations', () => {
  it('reads a VAT certificate: number beside its abbreviation, holder, dates', () => {
    const f = extractLicence(
      text(
        'Your VAT Certificate\nAbout your registration\nVAT registration number (VRN)\t123456782\nRegistration date\t1 March 2025\nCertificate date\t2 June 2026\nAbout the business\nBusiness name\tEXAMPLE WIDGETS LIMITED',
      ),
    );
    expect(f).toMatchObject({ licence_number: '123456782', holder: 'EXAMPLE WIDGETS LIMITED', issue_date: '2026-06-02', valid_from: '2025-03-01' });
  });

  it('names the authority a certificate says issued it, not a heading or the next label', () => {
    expect(extractLicence(text('PIN Certificate\nThis is to certify that taxpayer shown herein has been registered with Example Revenue Authority')).issuer).toBe('Example Revenue Authority');
    expect(extractLicence(text('Certificate of Registration\nRegulation authority\nName\nThe Environment Agency certify that the following information is entered in the register')).issuer).toBe(
      'Environment Agency',
    );
  });

  it('takes the holder of a tax number notice from its address block, and an authority known only by its short name', () => {
    const notice = extractLicence(
      text(
        'DEPARTMENT OF THE TREASURY\nINTERNAL REVENUE SERVICE\nEmployer Identification Number:\n12-3456789\nExample Helping Foundation\n% Jane Example\n12 Sample Road\tFor assistance call us\nSometown, CA 90000',
      ),
    );
    expect(notice).toMatchObject({ licence_number: '12-3456789', holder: 'Example Helping Foundation', issuer: 'INTERNAL REVENUE SERVICE' });
    expect(extractLicence(text('Your VAT Certificate\nVAT registration number (VRN)\t123456782\nAsk HMRC (opens in a new tab)')).issuer).toBe('HMRC');
  });

  it('reads the letter date of a tax office letter, and the seal date at the foot of a certificate', () => {
    expect(extractLicence(text('EXAMPLE TAX OFFICE\nOur Ref\t01234567-0001\t16th April, 2018\nDate of Registration: 21/02/2018\nDear Sir')).issue_date).toBe('2018-04-16');
    expect(extractLicence(text('사 업 자 등 록 증\n등록번호 : 123-45-67890\n개 업 연 월 일 : 2019 년 10 월 14 일\n2026 년 05 월 26 일')).issue_date).toBe('2026-05-26');
  });
});

describe('a tax number given in the prose of a tax office letter', () => {
  const letter = (ref: string) => ['EXAMPLE SMALL TAX OFFICE', `Our Ref\t${ref}\t3rd May, 2019`, 'EXAMPLE TRADERS LIMITED', 'Dear Sir/Madam', 'TAX PAYER IDENTIFICATION NUMBER (TIN)/VAT REGISTRATION'];

  it('reads the number the sentence gives', () => {
    const prose = [...letter('EX/TX/42'), 'Further to your application, please be informed that your', 'Tax Identification Number as a VAT Collection Agent is 01234567-0001. You'];
    expect(extractLicence(text(prose.join('\n'))).licence_number).toBe('01234567-0001');
  });

  it('on a scan, takes the better-read of two printings of the number that OCR read differently', () => {
    const misread = [...letter('01234567-0001'), 'Tax Identification Number as a VAT Collection Agent is 01234567-3001. You'];
    // Each line a row of words, with the confidence OCR gave them: the bold figures in the sentence read badly.
    const words = misread.flatMap((line, row) =>
      line.split(/\s+/).map((w, k) => ({ text: w, x: 40 + k * 60, y: 40 + row * 20, width: 50, height: 10, confidence: w === '01234567-3001.' ? 45 : w === '01234567-0001' ? 91 : 90 })),
    );
    const d = docText({ pages: [{ number: 1, text: misread.join('\n'), method: 'ocr', words }], language: 'en' });
    expect(extractLicence(d).licence_number).toBe('01234567-0001');
    expect(extractLicence(text(misread.join('\n'))).licence_number).toBe('01234567-3001');
  });
});

describe('insurance certificates', () => {
  it('reads an ACORD-style table row: policy number, cover dates and limit; the insurer, never the column heading', () => {
    const f = extractInsurance(
      text(
        [
          'CERTIFICATE OF LIABILITY INSURANCE',
          'PRODUCER\tExample Brokers Inc.',
          'New York, NY 10022\tINSURER(S) AFFORDING COVERAGE\tNAIC #',
          'INSURER A : Example Insurance Company\t10200',
          'INSURED\tINSURER B :',
          'Example Widgets, LLC',
          'INSR LTR\tTYPE OF INSURANCE\tPOLICY NUMBER\tPOLICY EFF\tPOLICY EXP\tLIMITS',
          'A\tProfessional Liability\tABC-1234567-EO-21\t01/04/2021 01/04/2022 Each Claim:\t$ 1,000,000',
        ].join('\n'),
      ),
    );
    expect(f).toMatchObject({ policy_number: 'ABC-1234567-EO-21', insurer: 'Example Insurance Company', valid_from: '2021-01-04', expiry_date: '2022-01-04', insured_amount: '1000000' });
  });

  it('takes the policyholder of a broker letter from its subject line and its date from the letter head', () => {
    const f = extractInsurance(text('21ST July 2016\nTO WHOM IT MAY CONCERN\nRE: Example Widgets Limited\nInsurance Company:\tExample Insurance Ltd\nPolicy Number:\t12345678'));
    expect(f).toMatchObject({ policyholder: 'Example Widgets Limited', issue_date: '2016-07-21', policy_number: '12345678' });
  });
});

describe('registers of other countries and languages', () => {
  it.each([
    ['Entity No.:\tC4123456', 'C4123456'],
    ['Registry code:\t16123456', '16123456'],
    ['Immatriculation au RCS, numéro\t812 345 676 R.C.S. Lyon', '812 345 676'],
    ['Immatriculation au RCS, numéro ~~ 812 345 676 R.C.S. Lyon', '812 345 676'],
    ['Denominación:\tEJEMPLO SL\nNIF:\tB12345674', 'B12345674'],
    ['Codice fiscale e n. iscrizione al Registro delle Imprese:\t01234567890', '01234567890'],
  ])('%s', (t, want) => {
    expect(findCompanyNumber(lines(t))).toBe(want);
  });

  it("takes a person's NIF or codice fiscale for no company number", () => {
    expect(findCompanyNumber(lines('Administrador: Juan Ejemplo\nNIF: 12345678Z'))).toBeNull();
    expect(findCompanyNumber(lines('Amministratore: Mario Esempio\nCodice fiscale: RSSMRA80A01F205X'))).toBeNull();
  });

  it('reads the day of registration from a label with an apostrophe, a verb-last sentence and an Australian certificate', () => {
    expect(extractRegister(text("EXTRAIT KBIS\nDate d'immatriculation\t15/09/2015")).incorporation_date).toBe('2015-09-15');
    expect(
      extractRegister(text('Handelsregister B\nGeschäftsführer: Huber, Anna, Musterstadt, *12.04.1980\nDie Gesellschaft wurde am 3. März 2015 in das Handelsregister eingetragen.')).incorporation_date,
    ).toBe('2015-03-03');
    expect(extractRegister(text('Certificate of Registration of a Company\nThe day of commencement of registration is the fourth day of May, 2016.')).incorporation_date).toBe('2016-05-04');
    expect(extractRegister(text('Datum akte van oprichting\t01-04-2020')).incorporation_date).toBe('2020-04-01');
    // A date after the verb-last sentence's other figures is not taken.
    expect(extractRegister(text('Die Gesellschaft wurde am 3. März 2015 mit 25000 EUR Stammkapital eingetragen.')).incorporation_date).toBeNull();
  });

  it('dates an extract by the day its register is read, in a label, a sentence or a closing line', () => {
    const issued = (t: string) => extractRegister(text(t)).issue_date;
    expect(issued('Business Profile (Company)\nDate:\t02 Nov 2026\nIncorporation Date:\t14/03/2019')).toBe('2026-11-02');
    expect(issued('Incorporation Date:\t14/03/2019')).toBeNull();
    expect(issued("Extrait d'immatriculation principale au registre du commerce à jour au 2 novembre\n2026\nIDENTIFICATION")).toBe('2026-11-02');
    expect(issued('I hereby certify that the entity named above is active on the records of this office as of November 3, 2026.')).toBe('2026-11-03');
    expect(issued('NOTA SIMPLE INFORMATIVA\nFecha de constitución: 3 de marzo de 2015\nMadrid, a 4 de noviembre de 2026')).toBe('2026-11-04');
    expect(issued('Sociedade constituída em 20 de julho de 2016.\nLisboa, 5 de novembro de 2026')).toBe('2026-11-05');
    expect(issued('Uittreksel is vervaardigd op 05-11-2026 om 10.15 uur.')).toBe('2026-11-05');
    expect(issued('Stan na dzień:\t05.11.2026')).toBe('2026-11-05');
  });

  it('names the company by its label in each language, and lists officers as persons only', () => {
    expect(extractRegister(text('Dénomination ou raison sociale\tEXEMPLE NUMERIQUE')).company_name).toBe('EXEMPLE NUMERIQUE');
    expect(extractRegister(text('Denominazione:\tESEMPIO TECNOLOGIE S.R.L.')).company_name).toBe('ESEMPIO TECNOLOGIE S.R.L.');
    expect(extractRegister(text('Firma:\tPRZYKLAD SYSTEMY SP. Z 0.0.')).company_name).toBe('PRZYKLAD SYSTEMY SP. Z O.O.');
    expect(extractRegister(text('Denominazione:\tESEMPIO SOFTWARE S.PA.')).company_name).toBe('ESEMPIO SOFTWARE S.P.A.');
    expect(extractRegister(text('Statutaire naam:\tVoorbeeld Logistiek B.V')).company_name).toBe('Voorbeeld Logistiek B.V.');
    expect(extractRegister(text('Company name:\tEXAMPLE ANALYTICS PTE. LTD.')).company_name).toBe('EXAMPLE ANALYTICS PTE. LTD.');
    expect(extractRegister(text('Geschäftsführer:\tHuber, Anna, Musterstadt, *12.04.1980')).directors).toEqual(['Anna Huber']);
    expect(extractRegister(text('Officers/Authorised Representative(s)\nName\tPosition Held\nTAN WEI MING\tDirector')).directors).toEqual(['TAN WEI MING']);
    // A signatory's title is no list of officers.
    expect(extractRegister(text('is incorporated under the Act.\nDirector, Corporations Example')).directors).toEqual([]);
    expect(extractRegister(text('Registry card extract\nRegistry code: 16123456')).jurisdiction).toBeNull();
  });
});

describe('licences, registrations and insurance in other languages', () => {
  it('reads an Australian Business Number, a trade registration and a municipal licence', () => {
    const abn = text('Australian Business Register\nABN Lookup: current details for ABN 51 824 753 556\nEntity name:\tEXAMPLE RIDGE PTY LTD\nABN status:\tActive from 04 May 2016');
    expect(classifyText(abn.text).type).toBe('license');
    expect(extractLicence(abn)).toMatchObject({ licence_number: '51 824 753 556', holder: 'EXAMPLE RIDGE PTY LTD', valid_from: '2016-05-04' });
    expect(
      extractLicence(text('Stadt Musterstadt - Gewerbeamt\nGewerbeanmeldung\nName der Gesellschaft:\tBeispiel Technik GmbH\nBeginn der Tätigkeit:\t01.04.2015\nMusterstadt, den 20.03.2015')),
    ).toMatchObject({ holder: 'Beispiel Technik GmbH', valid_from: '2015-04-01', issue_date: '2015-03-20' });
    expect(
      extractLicence(text('LICENCIA DE ACTIVIDAD\nNúmero de licencia:\t2019/LA/004512\nTitular:\tEJEMPLO INNOVA SL\nFecha de concesión:\t12 de junio de 2019\nVálida hasta:\t11 de junio de 2029')),
    ).toMatchObject({ licence_number: '2019/LA/004512', holder: 'EJEMPLO INNOVA SL', issue_date: '2019-06-12', expiry_date: '2029-06-11' });
  });

  it('reads an Italian policy by its labels and a French attestation from its sentence, never its title as the insurer', () => {
    expect(
      extractInsurance(
        text('Assicurazioni Esempio S.p.A.\nNumero di polizza:\tRCP-2026-004512\nContraente:\tESEMPIO S.R.L.\nDecorrenza:\t01/01/2026\nScadenza:\t31/12/2026\nMassimale:\tEUR 1.000.000,00'),
      ),
    ).toMatchObject({ policy_number: 'RCP-2026-004512', policyholder: 'ESEMPIO S.R.L.', valid_from: '2026-01-01', expiry_date: '2026-12-31', insured_amount: '1000000', issue_date: null });
    const attestation = extractInsurance(
      text(
        "ATTESTATION D'ASSURANCE\nNous soussignés, Assurances Exemple SA, attestons que la société EXEMPLE NUMERIQUE est titulaire du contrat n° 4512789.\nPériode de validité : du 01/01/2026 au 31/12/2026\nFait à Paris, le 5 janvier 2026",
      ),
    );
    expect(attestation).toMatchObject({
      policy_number: '4512789',
      insurer: 'Assurances Exemple SA',
      policyholder: 'EXEMPLE NUMERIQUE',
      valid_from: '2026-01-01',
      expiry_date: '2026-12-31',
      issue_date: '2026-01-05',
    });
    expect(extractInsurance(text("ATTESTATION D'ASSURANCE\nContrat n° 4512789")).insurer).toBeNull();
    // The start of cover is not the day a policy was issued.
    expect(extractInsurance(text('Beispiel Versicherung AG\nVersicherungsbeginn:\t01.01.2026')).issue_date).toBeNull();
  });

  it('names the company that articles in other languages give in a sentence', () => {
    expect(extractArticles(text('STATUTS\nArticle 2 - Dénomination\nLa dénomination sociale de la société est : EXEMPLE NUMERIQUE.\nFait à Lyon, le 1er septembre 2015')).company_name).toBe(
      'EXEMPLE NUMERIQUE',
    );
    expect(extractArticles(text('Gesellschaftsvertrag\n(1) Die Firma der Gesellschaft lautet: Beispiel Technik GmbH')).company_name).toBe('Beispiel Technik GmbH');
  });
});

describe('registers read unseen after the first fixes', () => {
  it.each([
    ['Firmenbuchnummer:\tFN 123456 a', 'FN 123456 a'],
    ["Numéro d'entreprise:\t0123.456.749", '0123.456.749'],
    ['Firmennummer:\tCHE-123.456.789', 'CHE-123.456.789'],
    ['UID: CHE-123.456.789', 'CHE-123.456.789'],
    ['CCI number:\t87654321', '87654321'],
  ])('%s', (t, want) => {
    expect(findCompanyNumber(lines(t))).toBe(want);
  });

  it('names the company a confirmation gives, never the title over it nor the end of the sentence before it', () => {
    const confirmation =
      'CERTIFICATE CONFIRMING INCORPORATION OF COMPANY\nThis is to confirm that EXAMPLE ANALYTICS PTE. LTD., Unique Entity Number 201912345K, was incorporated under the Companies Act 1967 on 14/03/2019.';
    expect(extractRegister(text(confirmation))).toMatchObject({ company_name: 'EXAMPLE ANALYTICS PTE. LTD.', registration_number: '201912345K', incorporation_date: '2019-03-14' });
    const ontario = 'Certificate of Incorporation\nOntario Corporation Number:\t1000123456\nThis is to certify that these articles are effective on March 15, 2022.\nEXAMPLE WAVE SOLUTIONS INC.';
    expect(extractRegister(text(ontario))).toMatchObject({ company_name: 'EXAMPLE WAVE SOLUTIONS INC.', incorporation_date: '2022-03-15' });
  });

  it('dates a registration by a short label only at the start of its cell, and an extract by the day it was made', () => {
    expect(extractRegister(text('Eintragung:\t12.05.2017')).incorporation_date).toBe('2017-05-12');
    expect(extractRegister(text('Tag der letzten Eintragung:\t14.07.2025')).incorporation_date).toBeNull();
    expect(extractRegister(text('Extract generated 02 November 2026')).issue_date).toBe('2026-11-02');
    expect(extractRegister(text('Extract was made on 05-11-2026 at 10.15 hours.')).issue_date).toBe('2026-11-05');
    expect(extractRegister(text('Stichtag:\t02.11.2026')).issue_date).toBe('2026-11-02');
    expect(extractLicence(text('BUSINESS REGISTRATION CERTIFICATE\nDate of Commencement:\t12/08/2019\nDate of Expiry:\t11/08/2024'))).toMatchObject({
      valid_from: '2019-08-12',
      expiry_date: '2024-08-11',
    });
  });
});

describe('the register that issued a document is never the company', () => {
  it.each([
    'Name:\tCompanies Registration Office\nCertificate of Incorporation',
    'Issued by the Ministry of Economy Company\nCertificate of Incorporation',
    'Amtsgericht Musterstadt GmbH\nHandelsregister',
  ])('%s', (t) => {
    expect(extractRegister(text(t)).company_name).toBeNull();
  });

  it('takes no authority for the holder of a licence', () => {
    expect(extractLicence(text('Trade Licence\nLicence holder:\tEconomic Development Authority\nLicence No: 123456')).holder).toBeNull();
  });
});

describe('the holder of a registration under a bare name label', () => {
  it('takes a company after "Name:", never a person', () => {
    expect(extractLicence(text('GST Registration Certificate\nGST Registration Number:\tM90371234X\nName:\tEXAMPLE ANALYTICS PTE. LTD.')).holder).toBe('EXAMPLE ANALYTICS PTE. LTD.');
    expect(extractLicence(text('GST Registration Certificate\nGST Registration Number:\tM90371234X\nName:\tJane Example')).holder).toBeNull();
  });
});

describe('a third set of registers read unseen', () => {
  it('reads a US state certificate month first when it names the state and no address', () => {
    const wy = 'State of Wyoming\nCERTIFICATE OF ORGANIZATION\nEXAMPLE TRAIL VENTURES LLC\nFiling ID:\t2020-000912345\nFormation Date:\t06/01/2020';
    expect(extractRegister(text(wy))).toMatchObject({ registration_number: '2020-000912345', incorporation_date: '2020-06-01' });
    // Elsewhere the same slashes are day first.
    expect(extractRegister(text('Companies Registry\nDate of incorporation:\t06/01/2020')).incorporation_date).toBe('2020-01-06');
  });

  it('reads a Danish, a Portuguese and a Sirene extract', () => {
    expect(extractRegister(text('Company extract\nCVR number:\t12345678\nStart date:\t01.02.2016'))).toMatchObject({ registration_number: '12345678', incorporation_date: '2016-02-01' });
    expect(extractRegister(text('CERTIDÃO DE REGISTO COMERCIAL\nData da constituição:\t02/05/2017')).incorporation_date).toBe('2017-05-02');
    expect(extractRegister(text("Avis de situation au répertoire Sirene\nÀ la date du 3 novembre 2026, l'établissement est inscrit au répertoire Sirene.")).issue_date).toBe('2026-11-03');
  });
});
