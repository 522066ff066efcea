// Company documents of a fourth set of registers (every name and number here is made up, each
// number in its register's shape): national numbers after their own labels and only with a right
// check digit, legal forms written out in more languages, notarial names and dates in words, the
// dates of Nordic, Czech, Romanian, Turkish and Japanese registers, and insurance in Swedish and
// Portuguese.
import { describe, expect, it } from 'vitest';
import { readText } from '../../../test/corpus/read-document.ts';
import { normalizeCompanyName } from '../../lib/names.ts';
import { classifyText } from '../classify/classify.ts';
import { findCompanyNumber } from './company-numbers.ts';
import { extractArticles, extractRegister } from './corporate.ts';
import { findDates } from './dates.ts';
import { docText } from './doc-text.ts';
import { extractInsurance, extractLicence } from './permits.ts';
import { cnpjValid, cuitValid, czechIcoValid, finnishBusinessIdValid, japaneseCorporateNumberValid, luhnValid, norwegianOrgValid, romanianCuiValid } from './register-checks.ts';
import { toLines } from './text.ts';

const text = (s: string) => docText(readText(s));
const lines = (s: string) => toLines([{ number: 1, text: s }]);

describe('check digits of national company numbers', () => {
  it.each([
    ['Swedish organisation number', () => luhnValid('5567123459'), () => luhnValid('5567123458')],
    ['Norwegian organisation number', () => norwegianOrgValid('923456783'), () => norwegianOrgValid('923456784')],
    ['Finnish business ID', () => finnishBusinessIdValid('3123456-3'), () => finnishBusinessIdValid('3123456-7')],
    ['Czech IČO', () => czechIcoValid('27456129'), () => czechIcoValid('27456128')],
    ['Brazilian CNPJ', () => cnpjValid('12345678000195'), () => cnpjValid('12345678000194')],
    ['Romanian CUI', () => romanianCuiValid('41234564'), () => romanianCuiValid('41234565')],
    ['Argentine CUIT', () => cuitValid('30712345671'), () => cuitValid('30712345672')],
    ['Japanese corporate number', () => japaneseCorporateNumberValid('9010401234567'), () => japaneseCorporateNumberValid('8010401234567')],
  ])('%s', (_, right, wrong) => {
    expect(right()).toBe(true);
    expect(wrong()).toBe(false);
  });
});

describe('a national number after its own label', () => {
  it.each([
    ['Organisationsnummer:\t556712-3459', '556712-3459'],
    ['Organisasjonsnummer:\t923 456 783', '923 456 783'],
    ['Y-tunnus:\t3123456-3', '3123456-3'],
    ['Identifikační číslo:\t274 56 129', '274 56 129'],
    ['NÚMERO DE INSCRIÇÃO\t12.345.678/0001-95 MATRIZ', '12.345.678/0001-95'],
    ['Cod unic de înregistrare:\t41234564', '41234564'],
    ['MERSİS No:\t0456123789600017', '0456123789600017'],
    ['CR Number:\t1010654321', '1010654321'],
    ['Αριθμός Γ.Ε.ΜΗ.:\t123456701000', '123456701000'],
    ['No.\tPVT-AJU7KL9M', 'PVT-AJU7KL9M'],
    // A Japanese register prints its own register number and the corporate number: the corporate number is the company's.
    ['会社法人等番号\t0104-01-234567\n法人番号\t9010401234567', '9010401234567'],
  ])('%s', (t, want) => {
    expect(findCompanyNumber(lines(t))).toBe(want);
  });

  it('leaves a number whose check digit is wrong empty rather than read wrong', () => {
    expect(findCompanyNumber(lines('Organisasjonsnummer:\t923 456 784'))).toBeNull();
    expect(findCompanyNumber(lines('Y-tunnus:\t3123456-7'))).toBeNull();
    expect(findCompanyNumber(lines('IČO:\t27456128'))).toBeNull();
    expect(findCompanyNumber(lines('CNPJ:\t12.345.678/0001-94'))).toBeNull();
  });
});

describe('legal forms written out', () => {
  it.each([
    ['Pampa Ejemplo Sociedad de Responsabilidad Limitada', 'srl'],
    ['Przykład Spółka Akcyjna', 'sa'],
    ['Exempel Aktiebolag', 'ab'],
    ['Esimerkki Osakeyhtiö', 'oy'],
    ['Příklad společnost s ručením omezeným', 'sro'],
    ['Örnek Yazılım Anonim Şirketi', 'as'],
    ['Örnek Gıda Limited Şirketi', 'ltd sti'],
    ['Example Partners Limited Liability Partnership', 'llp'],
    ['Exemplo Tecnologia Sociedade Empresária Limitada', 'lda'],
    ['ΠΑΡΑΔΕΙΓΜΑ Ι.Κ.Ε.', 'ike'],
  ])('%s', (name, form) => {
    expect(normalizeCompanyName(name).legalForm).toBe(form);
  });
});

describe('names and dates of notarial acts and US certificates', () => {
  it('names the company a notarial act gives, never the title of the act', () => {
    const it_ = extractArticles(
      text(
        'ATTO COSTITUTIVO DI SOCIETÀ A RESPONSABILITÀ LIMITATA\nL\'anno duemilaventi, addì ventitré del mese di ottobre, in Torino, avanti a me, Notaio.\nArticolo 1 - È costituita una società con la denominazione "ESEMPIO LAB S.R.L.".',
      ),
    );
    expect(it_).toMatchObject({ company_name: 'ESEMPIO LAB S.R.L.', issue_date: '2020-10-23' });
    expect(extractArticles(text('CONSTITUIÇÃO DE SOCIEDADE\nArtigo primeiro - A sociedade adota a firma "EXEMPLO CRIATIVO, LDA" e tem sede em Coimbra.')).company_name).toBe('EXEMPLO CRIATIVO, LDA');
    const mx = extractArticles(
      text(
        'ACTA CONSTITUTIVA\nEn la Ciudad de México, a los quince días del mes de marzo de dos mil veinte, comparecen los fundadores.\nPRIMERA.- La sociedad se denominará EJEMPLO AZUL, S.A. DE C.V.',
      ),
    );
    expect(mx).toMatchObject({ company_name: 'EJEMPLO AZUL, S.A. DE C.V', issue_date: '2020-03-15' });
  });

  it('reads a quoted name, a certificate of formation and the day the records are read', () => {
    const de = extractRegister(
      text(
        'I, THE SECRETARY OF STATE OF THE STATE OF DELAWARE, DO HEREBY CERTIFY "EXAMPLE ORBIT LABS, INC." IS DULY INCORPORATED UNDER THE LAWS OF THE STATE OF DELAWARE AND IS IN GOOD STANDING AND HAS A LEGAL CORPORATE EXISTENCE SO FAR AS THE RECORDS OF THIS OFFICE SHOW, AS OF THE THIRD DAY OF NOVEMBER, A.D. 2026.',
      ),
    );
    expect(de).toMatchObject({ company_name: 'EXAMPLE ORBIT LABS, INC.', issue_date: '2026-11-03' });
    const tx = extractRegister(
      text(
        'Certificate of Fact\nThe undersigned, as Secretary of State of Texas, does hereby certify that the document, Certificate of Formation for EXAMPLE MESA SERVICES LLC (file number 0801234567), a Domestic Limited Liability Company (LLC), was filed in this office on April 14, 2020.\nIn testimony whereof, I have hereunto signed my name officially at my office in Austin, Texas on November 2, 2026.',
      ),
    );
    expect(tx).toMatchObject({ company_name: 'EXAMPLE MESA SERVICES LLC', incorporation_date: '2020-04-14', issue_date: '2026-11-02' });
  });

  it('reads month names of Czech, Romanian, Turkish and Swedish registers', () => {
    expect(findDates('8. června 2016')[0]?.iso).toBe('2016-06-08');
    expect(findDates('4. listopadu 2026')[0]?.iso).toBe('2026-11-04');
    expect(findDates('21 martie 2018')[0]?.iso).toBe('2018-03-21');
    expect(findDates('3 Nisan 2017')[0]?.iso).toBe('2017-04-03');
    expect(findDates('22 augusti 2016')[0]?.iso).toBe('2016-08-22');
  });
});

describe('register dates under national labels', () => {
  it.each([
    ['REGISTRERINGSBEVIS\nRegistreringsdatum:\t2016-09-22\nRegistreringsbeviset utfärdat 2026-11-03', '2016-09-22', '2026-11-03'],
    ['FIRMAATTEST\nStiftelsesdato:\t15.03.2019\nUtskrift fra Foretaksregisteret 04.11.2026', '2019-03-15', '2026-11-04'],
    ['KAUPPAREKISTERIOTE\nRekisteröity:\t11.02.2020\nOte tulostettu 03.11.2026', '2020-02-11', '2026-11-03'],
    ['Výpis z obchodního rejstříku\nDatum vzniku a zápisu:\t8. června 2016\nÚdaje platné ke dni: 4. listopadu 2026', '2016-06-08', '2026-11-04'],
    ['CERTIFICAT DE ÎNREGISTRARE\nData înregistrării:\t21.03.2018', '2018-03-21', null],
    ['FAALİYET BELGESİ\nTescil Tarihi:\t03.04.2017', '2017-04-03', null],
    ['COMPROVANTE DE INSCRIÇÃO\nDATA DE ABERTURA\t14/05/2018\nEmitido no dia 05/11/2026 às 10:12:33.', '2018-05-14', '2026-11-05'],
    ['Disclosure Certificate\nRegistration Date:\t2020-08-17\nDate printed: 2026-11-04', '2020-08-17', '2026-11-04'],
    ['履歴事項全部証明書\n会社成立の年月日\t令和2年4月1日\n令和8年11月4日\n東京法務局', '2020-04-01', '2026-11-04'],
  ])('%s', (t, incorporated, issued) => {
    expect(extractRegister(text(t))).toMatchObject({ incorporation_date: incorporated, issue_date: issued });
  });

  it('reads a legal form and an address under national labels', () => {
    expect(extractRegister(text('FIRMAATTEST\nOrganisasjonsform:\tAksjeselskap\nForretningsadresse:\tEksempelgata 5, 0154 Oslo'))).toMatchObject({
      legal_form: 'Aksjeselskap',
      registered_address: 'Eksempelgata 5, 0154 Oslo',
    });
    expect(extractRegister(text('Výpis z obchodního rejstříku\nSídlo:\tPříkladová 12, 120 00 Praha 2\nPrávní forma:\tSpolečnost s ručením omezeným'))).toMatchObject({
      legal_form: 'Společnost s ručením omezeným',
      registered_address: 'Příkladová 12, 120 00 Praha 2',
    });
  });

  it('reads a status and a name under national labels', () => {
    expect(extractRegister(text('Disclosure Certificate\nEnterprise Status:\tIn Business')).status).toBe('In Business');
    expect(extractRegister(text('FAALİYET BELGESİ\nTicaret Unvanı:\tÖRNEK YAZILIM ANONİM ŞİRKETİ')).company_name).toBe('ÖRNEK YAZILIM ANONİM ŞİRKETİ');
    expect(extractRegister(text('ΠΙΣΤΟΠΟΙΗΤΙΚΟ\nΕπωνυμία:\tΠΑΡΑΔΕΙΓΜΑ Ι.Κ.Ε.')).company_name).toBe('ΠΑΡΑΔΕΙΓΜΑ Ι.Κ.Ε.');
  });
});

describe('tax registrations and insurance of other countries', () => {
  it('tells a tax registration by its title, not by a label that names the articles', () => {
    const ar =
      'Administración Federal de Ingresos Públicos\nCONSTANCIA DE INSCRIPCIÓN\nCUIT:\t30-71234567-1\nRazón social:\tEJEMPLO SUR S.R.L.\nFecha de contrato social:\t10-02-2017\nFecha de emisión: 05/11/2026';
    expect(classifyText(ar).type).toBe('license');
    expect(extractLicence(text(ar))).toMatchObject({ licence_number: '30-71234567-1', holder: 'EJEMPLO SUR S.R.L.', issue_date: '2026-11-05' });
    expect(extractLicence(text('CONSTANCIA DE SITUACIÓN FISCAL\nRFC:\tEAS200315KT4\nFecha inicio de operaciones:\t15 DE MARZO DE 2020'))).toMatchObject({
      licence_number: 'EAS200315KT4',
      valid_from: '2020-03-15',
    });
  });

  it("reads a Gulf licence's holder by its trade name, never a title's words", () => {
    expect(extractLicence(text('COMMERCIAL LICENCE\nLicence No.\t1098765\nTrade Name\tEXAMPLE FALCON GENERAL TRADING L.L.C')).holder).toBe('EXAMPLE FALCON GENERAL TRADING L.L.C');
    expect(extractLicence(text('TRADE NAME REGISTRATION (RNO)\nSecretary of State')).holder).toBeNull();
  });

  it('classifies a good standing that says it in a sentence as a register extract', () => {
    expect(classifyText('DO HEREBY CERTIFY "EXAMPLE LABS, INC." IS DULY INCORPORATED UNDER THE LAWS OF THE STATE AND IS IN GOOD STANDING AND HAS A LEGAL CORPORATE EXISTENCE').type).toBe(
      'register_extract',
    );
  });

  it('reads Swedish and Brazilian policies by their labels, and takes no start of cover for the day of issue', () => {
    const se = extractInsurance(
      text(
        'FÖRSÄKRINGSBREV\nFörsäkringsnummer:\tFF-20261234\nFörsäkringstagare:\tExempel Mjukvara AB\nFörsäkringsperiod:\t2026-01-01 - 2026-12-31\nFörsäkringsbelopp:\t10 000 000 SEK\nUtfärdat:\t2025-12-15',
      ),
    );
    expect(se).toMatchObject({
      policy_number: 'FF-20261234',
      policyholder: 'Exempel Mjukvara AB',
      valid_from: '2026-01-01',
      expiry_date: '2026-12-31',
      insured_amount: '10000000',
      issue_date: '2025-12-15',
    });
    const br = extractInsurance(text('APÓLICE DE SEGURO\nSegurado:\tEXEMPLO TECNOLOGIA LTDA\nVigência:\tdas 24h de 15/02/2026 às 24h de 15/02/2027\nImportância segurada:\tR$ 2.000.000,00'));
    expect(br).toMatchObject({ policyholder: 'EXEMPLO TECNOLOGIA LTDA', valid_from: '2026-02-15', expiry_date: '2027-02-15', insured_amount: '2000000', issue_date: null });
  });
});
