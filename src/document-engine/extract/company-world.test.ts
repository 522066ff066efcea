// Company documents of countries and languages the development set has never shown (every value
// made up): register numbers in each country's shape, register labels in de, fr, es, it, nl, pt and
// pl, verb-last and place-and-date sentences, licences and insurance in those languages, and the
// register that issued a document never taken for the company.
import { describe, expect, it } from 'vitest';
import { readText } from '../../../test/corpus/read-document.ts';
import { classifyText } from '../classify/classify.ts';
import { findCompanyNumber } from './company-numbers.ts';
import { extractArticles, extractRegister } from './corporate.ts';
import { docText } from './doc-text.ts';
import { extractInsurance, extractLicence } from './permits.ts';
import { toLines } from './text.ts';

const text = (s: string) => docText(readText(s));
const lines = (s: string) => toLines([{ number: 1, text: s }]);

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
    ['Firmennummer:\tCHE-123.456.788', 'CHE-123.456.788'],
    ['UID: CHE-123.456.788', 'CHE-123.456.788'],
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
