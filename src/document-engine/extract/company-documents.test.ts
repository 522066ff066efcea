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
    ['CERTIFICATE\nTRADE NAME REGISTRATION\nEffective Date: 05/19/2021\nExpiration Date: 05/19/2026', 'license'],
    [
      'Certificate of Registration under the Waste Regulations\nName of registered carrier Example Haulage Limited\nRegistered as an upper tier waste carrier and dealer\nExpiry date of registration 1 May 2027',
      'license',
    ],
    ['사 업 자 등 록 증\n등록번호 : 123-45-67890\n개 업 연 월 일 : 2019 년 11 월 06 일', 'license'],
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
    ['this 19th day of (February, 2018.', '2018-02-19'],
    ['this 3rd day of January, A.D. 2021.', '2021-01-03'],
    ['le cinq mars deux mille vingt', '2020-03-05'],
    ['el quince de marzo de dos mil veinte', '2020-03-15'],
    ['令和２年９月１４日', '2020-09-14'],
    ['平成元年1月8日', '1989-01-08'],
    ['2026 년 05 월 19 일', '2026-05-19'],
    ['12™ April, 2018', '2018-04-12'],
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
          'Number 7654321, was organized within the State of Ohio on March 9, 2011,',
          'is currently in FULL FORCE AND EFFECT upon the records of this office.',
          'Witness my hand and the seal of the Secretary of State',
          'this 3rd day of January, A.D. 2021.',
        ].join('\n'),
      ),
    );
    expect(f).toMatchObject({ company_name: 'EXAMPLE WIDGETS, LLC', registration_number: '7654321', incorporation_date: '2011-03-09', status: 'FULL FORCE AND EFFECT', issue_date: '2021-01-03' });
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
    expect(extractLicence(text('EXAMPLE TAX OFFICE\nOur Ref\t01234567-0001\t12th April, 2018\nDate of Registration: 19/02/2018\nDear Sir')).issue_date).toBe('2018-04-12');
    expect(extractLicence(text('사 업 자 등 록 증\n등록번호 : 123-45-67890\n개 업 연 월 일 : 2019 년 11 월 06 일\n2026 년 05 월 19 일')).issue_date).toBe('2026-05-19');
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
          'INSURER A : Example Insurance Company\t38417',
          'INSURED\tINSURER B :',
          'Example Widgets, LLC',
          'INSR LTR\tTYPE OF INSURANCE\tPOLICY NUMBER\tPOLICY EFF\tPOLICY EXP\tLIMITS',
          'A\tProfessional Liability\tABC-1234567-EO-21\t03/02/2021 03/02/2022 Each Claim:\t$ 1,000,000',
        ].join('\n'),
      ),
    );
    expect(f).toMatchObject({ policy_number: 'ABC-1234567-EO-21', insurer: 'Example Insurance Company', valid_from: '2021-03-02', expiry_date: '2022-03-02', insured_amount: '1000000' });
  });

  it('takes the policyholder of a broker letter from its subject line and its date from the letter head', () => {
    const f = extractInsurance(text('14TH July 2016\nTO WHOM IT MAY CONCERN\nRE: Example Widgets Limited\nInsurance Company:\tExample Insurance Ltd\nPolicy Number:\t12345678'));
    expect(f).toMatchObject({ policyholder: 'Example Widgets Limited', issue_date: '2016-07-14', policy_number: '12345678' });
  });
});
