// Company documents of a fifth set of kinds and layouts (every name and number here is made up,
// each number in its register's shape): numbers whose register checks them, labels after a form's
// item number, rows of labels over rows of values, values over their captions, a change of name,
// days in figures before a year in words, and policy numbers with a prefix.
import { describe, expect, it } from 'vitest';
import { readText } from '../../../test/corpus/read-document.ts';
import { findCompanyNumber } from './company-numbers.ts';
import { extractRegister } from './corporate.ts';
import { findDates } from './dates.ts';
import { docText, parseReference } from './doc-text.ts';
import { extractInsurance, extractLicence } from './permits.ts';
import { belgianEnterpriseNumberValid, failsShapeCheck, gstinValid, swissUidValid } from './register-checks.ts';
import { toLines } from './text.ts';

const text = (s: string) => docText(readText(s));
const lines = (s: string) => toLines([{ number: 1, text: s }]);

describe('numbers whose register checks them', () => {
  it.each([
    ['Indian GSTIN', () => gstinValid('27AABCG1234K1ZS'), () => gstinValid('27AABCG1234K1ZT')],
    ['Swiss UID', () => swissUidValid('456789123'), () => swissUidValid('456789124')],
    ['Belgian enterprise number', () => belgianEnterpriseNumberValid('0765432146'), () => belgianEnterpriseNumberValid('0765432147')],
  ])('%s: the right check passes, a misread fails', (_, right, wrong) => {
    expect(right()).toBe(true);
    expect(wrong()).toBe(false);
  });

  it('leaves a number empty when its shape names a register and it fails that register check', () => {
    expect(failsShapeCheck('CHE-456.789.124')).toBe(true);
    expect(failsShapeCheck('CHE-456.789.123')).toBe(false);
    expect(findCompanyNumber(lines('Ondernemingsnummer:\t0765.432.147'))).toBeNull();
    expect(findCompanyNumber(lines('Ondernemingsnummer:\t0765.432.146'))).toBe('0765.432.146');
    expect(extractLicence(text('Form GST REG-06\nRegistration Number:\t27AABCG1234K1ZT')).licence_number).toBeNull();
  });
});

describe('layouts of forms and certificates', () => {
  it('reads a label after its item number, and never takes the next item number for a reference', () => {
    const licence = extractLicence(text('Registration Certificate\n1. Legal Name\tEXAMPLE BRIGHT PRIVATE LIMITED\n6. Period of Validity\tFrom 15/07/2020\tTo Not Applicable'));
    expect(licence.holder).toBe('EXAMPLE BRIGHT PRIVATE LIMITED');
    expect(licence.valid_from).toBe('2020-07-15');
    expect(parseReference('2. Name of policy holder')).toBeNull();
    const policy = extractInsurance(
      text(
        "CERTIFICATE OF EMPLOYERS' LIABILITY INSURANCE\n1. Policy number\tEL 40123456\n2. Name of policy holder\tEXAMPLE HOLLOW LIMITED\n3. Date of commencement of insurance policy\t01/04/2026\n4. Date of expiry of insurance policy\t31/03/2027",
      ),
    );
    expect(policy).toMatchObject({ policy_number: 'EL 40123456', policyholder: 'EXAMPLE HOLLOW LIMITED', valid_from: '2026-04-01', expiry_date: '2027-03-31' });
  });

  it('does not take the next label of a header row for a value, nor a bare "Name" of persons for the company', () => {
    const printout = extractRegister(text('Company Printout\nNumber\tName\tStatus\n712345\tEXAMPLE GATE LIMITED\tNormal'));
    expect(printout.company_name).toBe('EXAMPLE GATE LIMITED');
    const members = extractRegister(text('EXAMPLE MOOR LIMITED\nREGISTER OF MEMBERS\nName of member\tAddress\tShares\nRobin Example\t4 Orchard Mews, Leeds\t600'));
    expect(members.company_name).toBe('EXAMPLE MOOR LIMITED');
  });

  it('reads a name whose legal form runs onto the next line', () => {
    const krs = extractRegister(text('Numer KRS: 0000812345\n3.Firma, pod którą spółka działa\tEXAMPLE KODY SPÓŁKA Z OGRANICZONĄ\nODPOWIEDZIALNOŚCIĄ'));
    expect(krs.company_name).toBe('EXAMPLE KODY SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ');
  });

  it('reads a number and a date printed over their captions', () => {
    const amended = extractRegister(
      text(
        'Certificate of Amendment\nEXAMPLE CEDAR INC.\nCorporate name / Dénomination sociale\n1187654-3\nCorporation number / Numéro de société\nDirector / Directeur\t2024-05-17\nDate of Amendment (YYYY-MM-DD)',
      ),
    );
    expect(amended.registration_number).toBe('1187654-3');
    expect(amended.issue_date).toBe('2024-05-17');
  });
});

describe('what certificates say in sentences', () => {
  it('takes the new name of a certificate of change of name, not the old one', () => {
    const changed = extractRegister(
      text(
        'CERTIFICATE OF INCORPORATION ON CHANGE OF NAME\nCompany Number 11876543\nThe Registrar of Companies for England and Wales, hereby certifies that\nOLD EXAMPLE LIMITED\nhaving by special resolution changed its name, is now incorporated under the name of\nNEW EXAMPLE LIMITED\nGiven at Companies House, Cardiff, on 14th May 2024',
      ),
    );
    expect(changed.company_name).toBe('NEW EXAMPLE LIMITED');
    expect(changed.issue_date).toBe('2024-05-14');
  });

  it('reads a day in figures before a year in words', () => {
    expect(findDates('this 21st day of August, Twenty Nineteen.')[0]?.iso).toBe('2019-08-21');
    expect(findDates('this 7th day of October, Two Thousand and Twenty.')[0]?.iso).toBe('2020-10-07');
    const ph = extractRegister(
      text(
        'CERTIFICATE OF INCORPORATION\nThis is to certify that the Articles of Incorporation and By-Laws of EXAMPLE NORTHSTAR CORPORATION were duly approved by the Commission on this date.\nIN WITNESS WHEREOF, I have hereunto set my hand at Pasay City, this 21st day of August, Twenty Nineteen.',
      ),
    );
    expect(ph).toMatchObject({ company_name: 'EXAMPLE NORTHSTAR CORPORATION', incorporation_date: '2019-08-21' });
  });
});
