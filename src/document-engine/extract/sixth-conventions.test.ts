// Kinds of document and conventions of languages the sixth set of company documents met on two
// sources or more (every name and number here is made up): a company's articles titled
// "Constitution", a certificate titled by the register's word, a share certificate; Hungarian dates
// and rubric numbers, Slovak and Quebec register labels; a numbered clause after a name; a
// certificate of insurance's own number beside its table of policies.
import { describe, expect, it } from 'vitest';
import { readText } from '../../../test/corpus/read-document.ts';
import { classifyText } from '../classify/classify.ts';
import { extractArticles, extractRegister, extractShareholderRegister } from './corporate.ts';
import { findDates } from './dates.ts';
import { docText } from './doc-text.ts';
import { extractInsurance } from './permits.ts';

const text = (s: string) => docText(readText(s));

describe('kinds of company document by their titles', () => {
  it.each([
    [
      'COMPANIES ACT 2014\nA PRIVATE COMPANY LIMITED BY SHARES\nCONSTITUTION\nOF\nEXAMPLE RIVER LIMITED\nCompany Number: 700001\n1. The name of the company is Example River Limited.',
      'articles_of_association',
    ],
    ['CONSTITUTION OF EXAMPLE FERN LIMITED\nCompanies Act 1993\n1. Interpretation\n2. Shares', 'articles_of_association'],
    // The word in a Canadian certificate's French title is the act of incorporating.
    ['Certificate of Incorporation\tCertificat de constitution\nCanada Business Corporations Act\nEXAMPLE MAPLE INC.\nCorporation number 1000001-1', 'certificate_of_incorporation'],
    // A registrar certifies a good standing in a certificate's words: the title says which certificate.
    [
      'Certificate Of Good Standing\nCompany Number: 300001\nI, Registrar of Companies DO HEREBY CERTIFY, pursuant to the Companies Act, that\nEXAMPLE REEF LTD\nis in good standing.',
      'register_extract',
    ],
    [
      'Certificate No. 7\nSHARE CERTIFICATE\nEXAMPLE GEARS LIMITED\nTHIS IS TO CERTIFY that Sam Example is the registered holder of 100 Ordinary shares, subject to the articles of association of the company.',
      'shareholder_register',
    ],
  ])('classifies %j', (t, type) => {
    expect(classifyText(t).type).toBe(type);
  });
});

describe('Hungarian and Slovak dates', () => {
  it.each([
    ['Bejegyezve: 2019. május 14.', '2019-05-14'],
    ['a 2026. november 4. napján hatályos', '2026-11-04'],
    ['2020. márc. 3-án', '2020-03-03'],
    ['12. marca 2019', '2019-03-12'],
    ['3. septembra 2021', '2021-09-03'],
  ])('reads %j', (t, iso) => {
    expect(findDates(t).map((d) => d.iso)).toEqual([iso]);
  });

  it("reads no date from a year and a month without the day's dot", () => {
    expect(findDates('Report 2024. May 3 items')).toEqual([]);
  });
});

describe('register labels of Central Europe and Quebec', () => {
  it("reads a Hungarian cégkivonat: the name's rubric without its number, the court, the day of entry and the day it is in force on", () => {
    const f = extractRegister(
      text(
        'CÉGKIVONAT\nA cég adatai a 2026. október 2. napján hatályos állapot szerint\nCégjegyzékszám: 01-09-000001\nNyilvántartó bíróság:\tFővárosi Törvényszék Cégbírósága\nBejegyezve:\t2018. március 9.\n2. A cég elnevezése\n2/1. Példa Duna Kereskedelmi Korlátolt Felelősségű Társaság\n3. A cég rövidített elnevezése\n3/1. Példa Duna Kft.',
      ),
    );
    expect(f.company_name).toBe('Példa Duna Kereskedelmi Korlátolt Felelősségű Társaság');
    expect(f.incorporation_date).toBe('2018-03-09');
    expect(f.issue_date).toBe('2026-10-02');
    expect(f.issuing_authority).toBe('Fővárosi Törvényszék Cégbírósága');
  });

  it('reads a Slovak extract: the day of entry and the day of the extract', () => {
    const f = extractRegister(text('Výpis z Obchodného registra\nObchodné meno:\tPríklad Les s. r. o.\nDeň zápisu:\t02.05.2017\nDátum aktualizácie údajov:\t01.10.2026\nDátum výpisu:\t02.10.2026'));
    expect(f.incorporation_date).toBe('2017-05-02');
    expect(f.issue_date).toBe('2026-10-02');
  });

  it('reads a Quebec statement: its founding before its entry in the register, and the day it is up to', () => {
    const f = extractRegister(
      text(
        "État des informations sur une personne morale au registre des entreprises\nRenseignements en date du 2026-10-05 10:02:11\nNom\tEXEMPLE BOIS INC.\nDate d'immatriculation\t2017-04-04\nDate de la constitution\t2017-04-03 Constitution",
      ),
    );
    expect(f.incorporation_date).toBe('2017-04-03');
    expect(f.issue_date).toBe('2026-10-05');
  });
});

describe("a name in articles' numbered clauses", () => {
  it('ends the name at the next clause', () => {
    const f = extractArticles(text('CONSTITUTION\nOF\nEXAMPLE RIVER LIMITED\n1. The name of the company is Example River Limited. 2. The company is a private company limited by shares.'));
    expect(f.company_name).toBe('Example River Limited');
  });
});

describe('a share certificate', () => {
  it('reads its holder and the shares held', () => {
    const f = extractShareholderRegister(
      text('SHARE CERTIFICATE\nEXAMPLE GEARS LIMITED\nTHIS IS TO CERTIFY that Sam Example of 3 Sample Lane, York is the registered holder of 1,500 Ordinary shares of £1.00 each.'),
    );
    expect(f.shareholders).toEqual([{ name: 'Sam Example', shares: 1500, percentage: null }]);
  });
});

describe("a certificate of insurance's table of policies", () => {
  it('takes the policy number with its space from the row, not the certificate number', () => {
    const f = extractInsurance(
      text(
        'CERTIFICATE OF LIABILITY INSURANCE\nCOVERAGES\tCERTIFICATE NUMBER: 2026-001\tREVISION NUMBER:\nINSR LTR TYPE OF INSURANCE\tPOLICY NUMBER\tPOLICY EFF\tPOLICY EXP\tLIMITS\nA\tCOMMERCIAL GENERAL LIABILITY CPP 5500001\t03/01/2026\t03/01/2027\tEACH OCCURRENCE $ 1,000,000',
      ),
    );
    expect(f.policy_number).toBe('CPP 5500001');
    expect(f.valid_from).toBe('2026-03-01');
    expect(f.expiry_date).toBe('2027-03-01');
  });
});
