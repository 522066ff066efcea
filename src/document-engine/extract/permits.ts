// biome-ignore-all format: tables and word lists read better packed than one item a line
// Licence and insurance-policy fields: number, holder, issuer, activity or cover, amounts and the
// dates that bound their validity.
import { dominantCurrency, findAmounts } from './amounts.ts';
import { findCreditCode } from './company-numbers.ts';
import { repairLegalForm } from './corporate.ts';
import { findDates, parseDate, parsePeriod } from './dates.ts';
import { amountAfter, dateAfter, datesAfter, parsePhrase, parseReference, valueAfter, type DocText } from './doc-text.ts';
import type { InsuranceFields, LicenceFields } from './fields.ts';
import { letterhead } from './finance.ts';
import { wrappedLabelValue } from './layout-pairs.ts';
import { authorityOf, dateInSentence, numberInSentence, placeAndDateLine, SIGNED, unlabelledIssueDate } from './official-prose.ts';
import { surestReading } from './layout.ts';
import { NAMES_A_BODY } from './public-bodies.ts';
import { cleanName, companiesInSentence, hasLegalForm, looksLikeName, partyAfterLabel } from './parties.ts';
import { failsShapeCheck } from './register-checks.ts';
import { fold, linesWith } from './text.ts';

/** Numbers of licences, permits and tax registrations (VAT, EIN, PIN, TIN, IEC), the most specific first. */
const LICENCE_NUMBER_LABELS = [
  'licence number', 'license number', 'licence no', 'license no', 'permit number', 'permit no', 'authorisation number', 'authorization number',
  'vrn', 'vat registration number', 'employer identification number', 'personal identification number', 'taxpayer identification number',
  'tax identification number', 'tax id number', 'tin', 'gstin', 'importer exporter code', 'iec', 'business registration number', 'trade licence number',
  'registration number', 'reference number', 'certificate number', 'document id', 'document no', 'genehmigungsnummer', 'steuernummer', 'numero de licence', 'numero d autorisation',
  'numero de licencia', 'numero di licenza', 'numero licenza', 'vergunningnummer', 'numer licencji', 'numero de alvara',
  // Tax registrations of Latin America: Mexico's RFC, Argentina's CUIT, Brazil's CNPJ, Peru's RUC; Indonesia's business
  // identification number (Nomor Induk Berusaha).
  'rfc', 'cuit', 'cnpj', 'ficha ruc', 'numero de ruc', 'ruc', 'nomor induk berusaha', 'nib',
  // Uruguay's and Chile's RUT, the Dominican Republic's RNC (Registro Nacional de Contribuyentes).
  'rut', 'registro nacional de contribuyentes (rnc) no', 'rnc no', 'rnc',
  fold('등록번호'), fold('사업자등록번호'), '统一社会信用代码', '統一社會信用代碼', '注册号', '註冊號', '统一编号', '統一編號', '許可番号', '登録番号', '法人番号',
];

/** Who holds a licence or registration: labels of the holder's name. */
const HOLDER_LABELS = [
  // Peru's Ficha RUC ("Apellidos y Nombres ó Razón Social", before the "Razón Social" it ends in), Indonesia's NIB ("Nama Pelaku Usaha").
  'apellidos y nombres o razon social', 'nama pelaku usaha',
  'licence holder', 'license holder', 'licensee', 'name of licensee', 'permit holder', 'name of registered carrier', 'registered carrier',
  'taxpayer name', 'name of taxpayer', 'business name', 'company name', 'firm name', 'name of business', 'legal name', 'entity name', 'registered name',
  'holder', 'issued to', 'granted to', 'inhaber', 'betriebsinhaber', 'name der gesellschaft', 'name des betriebs', 'titulaire', 'raison sociale', 'titular',
  'razon social', 'denominacion', 'ragione sociale', 'denominazione', 'naam onderneming', 'nazwa firmy', 'nome empresarial', 'razao social', fold('법인명'), fold('상호'),
  // India's registrations: the GST certificate's "Legal Name", the Udyam certificate's "Name of Enterprise".
  'legal name', 'name of enterprise',
];

/**
 * A Chinese or Japanese form's name box: "名称" (a licence's company name) or "商号" and the name
 * right after it, with no space between (labels elsewhere need one), ending in a company form.
 */
function cjkHolder(d: DocText): string | null {
  for (const l of d.lines) {
    const m = /^(?:企业名称|名\s?称|商\s?号|商\s?號|名稱)\s*[:：]?\s*(\S.{1,60}?(?:有限公司|有限责任公司|股份公司|公司|合伙企业|株式会社|合同会社|有限会社|事务所|中心))(?:\s|$)/u.exec(l.text);
    if (m) return m[1];
  }
  return null;
}

/**
 * The addressee of a tax office's letter (an EIN notice, a TIN letter): among its first lines, an
 * organisation's name over its street address, perhaps with a "c/o" line between.
 */
function addressee(d: DocText): string | null {
  const top = d.lines.slice(0, 25);
  for (let i = 0; i < top.length; i++) {
    const name = cleanName(top[i].text);
    if (!looksLikeName(name) || !(hasLegalForm(name) || /\b(foundation|trust|association|society|charity|church|club)\b/i.test(name))) continue;
    const below = top.slice(i + 1, i + 3).map((l) => l.text);
    if (below.some((t) => /^\d+[a-z]?\s+\p{L}/u.test(t) || /^p\.?\s?o\.?\s+box\b/i.test(t))) return name;
  }
  return null;
}

/** An authority's name after its label, never the next label ("Regulation authority" over "Name"). */
function authorityName(t: string): string | null {
  const v = parsePhrase(t);
  return v && !/^(name|address|details|telephone|phone)$/i.test(v) ? v : null;
}

/** "This is to certify that X is issued …", "records for X": the holder a certificate's sentence names. */
function holderInSentence(d: DocText): string | null {
  const at = d.lines.findIndex((l) => /\b(certify that|certifies that|certified that|records for|certifica que)\b/.test(l.fold));
  if (at < 0) return null;
  const window = d.lines.slice(at, at + 3).map((l) => l.text).join(' ');
  const company = companiesInSentence(window)[0];
  if (company) return company;
  const after = /\b(?:certify that|certifies that|records for)\s+(.{3,80}?)\s+(?:is|has|and|was)\b/i.exec(window)?.[1];
  const name = after ? cleanName(after) : null;
  return name && looksLikeName(name) && !/\b(the|this|taxpayer|following)\b/i.test(name) ? name : null;
}

/** "Name: EXAMPLE PTE. LTD." at the start of a line or cell of a registration: the holder, when the name is a company's (a person's "Name" may be a contact's or a signatory's). */
function companyAfterName(d: DocText): string | null {
  return valueAfter(d, [['name']], (t) => {
    const c = cleanName(t);
    return hasLegalForm(c) && looksLikeName(c) ? c : null;
  }, { lookahead: 0, maxStart: 0 });
}

/**
 * "Trade Name: X" of a Gulf licence, when no other label names the holder: last, as a title may
 * hold the words ("Trade Name Registration" is what the document is, not whom it is for).
 */
function tradeName(d: DocText): string | null {
  const name = partyAfterLabel(d.lines, ['trade name'])?.name ?? null;
  return name && !/^(?:registration|certificate|licen[cs]e|application|renewal|amendment|filing)\b/i.test(name) ? name : null;
}

/**
 * A reference a register or insurer writes with a short prefix of capitals and a space: "EL 40123456"
 * (an employers' liability policy), "RC 1876543"; never a label's abbreviation ("No 12345").
 */
export function prefixedReference(t: string): string | null {
  const m = /^([A-Z]{1,4})\s(\d{4,}[A-Z0-9\-/]*)(?![\p{L}\p{N}])/u.exec(t.trim());
  return m && !/^(?:NO|NR|N|REF|NUM|TEL|FAX)$/.test(m[1]) ? `${m[1]} ${m[2]}` : null;
}

/** A licence's or a registration's number: a reference, not one whose register's check it fails (an Indian GSTIN misread). */
function licenceReference(t: string): string | null {
  const v = parseReference(t) ?? prefixedReference(t);
  return v && !failsShapeCheck(v) ? v : null;
}

/** Numbers a tax office's letter gives in its prose, not after a label of a form. */
const NUMBER_IN_PROSE = ['taxpayer identification number', 'tax payer identification number', 'tax identification number', 'personal identification number', 'employer identification number', 'importer exporter code', 'registration number', 'licence number', 'license number'];

/** A number in a sentence: a reference with at least three digits ("01234567-0001", not "15(1)"). */
function proseNumber(t: string): string | null {
  const v = parseReference(t);
  return v && /\d{3}/.test(v) ? v : null;
}

/**
 * The licence or registration number: after its label, else where a sentence gives it; on a scan,
 * the best-read of its printings when OCR read it differently in two places.
 */
function licenceNumber(d: DocText): string | null {
  const v =
    valueAfter(d, [LICENCE_NUMBER_LABELS], licenceReference) ??
    abn(d) ??
    numberInSentence(d, NUMBER_IN_PROSE, proseNumber) ??
    // A Chinese business licence whose label OCR misread: its credit code, told by its check character.
    (/\p{Script=Han}/u.test(d.text) ? findCreditCode(d.text) : null);
  return v && d.layout ? surestReading(d.layout, v) : v;
}

/** Labels of the date a licence or registration was issued. */
const ISSUED = [
  'date of issue', 'issue date', 'issued on', 'date of grant', 'granted on', 'certificate date', 'date of certificate', 'date of this notice', 'ausstellungsdatum', 'date de delivrance',
  'ausgestellt am', 'fecha de concesion', 'fecha de expedicion', 'fecha de emision', 'data di rilascio', 'data rilascio', 'datum van afgifte', 'data wydania', 'data de emissao',
  '发证日期', '發證日期', '签发日期', '簽發日期', '发照日期', '核发日期', '交付日', '発行日', '発行年月日', fold('발급일'), fold('발급일자'),
];

/** A business term, "2013年05月21日至2043年05月20日" (Chinese), or another period of validity; Japanese and Korean. */
const VALIDITY = [
  'validity', 'period of validity', 'valid', 'gultigkeit', 'validite',
  '营业期限', '營業期限', '经营期限', '經營期限', '有效期限', '有效期', '許可の有効期間', '有効期間', fold('유효기간'),
];

/** Labels of the first day a licence or registration holds. */
const VALID_FROM = [
  'valid from', 'effective from', 'effective date', 'date of registration', 'registration date', 'active from', 'registered from', 'date of commencement', 'commencement date', 'gultig ab',
  'beginn der tatigkeit', 'valable a partir du', 'date de debut', 'fecha de inicio', 'fecha inicio de operaciones', 'fecha de inicio de operaciones',
  // Latin American tax registers: Ecuador's RUC ("Fec. Inicio Actividades"), the Dominican RNC ("inscrito desde el").
  'fec inicio actividades', 'fecha inicio actividades', 'inscrito desde el', 'inscrita desde el', 'valido desde', 'data di inizio', 'ingangsdatum', 'data rozpoczecia',
  fold('개 업 연 월 일'), fold('개업연월일'),
];
/** Labels of the last day a licence or registration holds. */
const VALID_UNTIL = [
  'expiry date of registration', 'valid until', 'valid to', 'expiry date', 'date of expiry', 'expires on', 'expiration date', 'gultig bis', 'valable jusqu au',
  'date d expiration', 'valida hasta', 'valido hasta', 'fecha de caducidad', 'fecha de vencimiento', 'valido fino al', 'data di scadenza', 'geldig tot', 'wazna do', 'valido ate',
];

/** An Australian Business Number after its label: eleven digits, grouped 2-3-3-3 ("ABN 51 824 753 556"). */
function abn(d: DocText): string | null {
  const m = /\b(?:ABN|Australian Business Number)\b[\s:.]*(\d{2} ?\d{3} ?\d{3} ?\d{3})\b/.exec(d.text);
  return m ? m[1] : null;
}

export function extractLicence(d: DocText): LicenceFields {
  const validity = datesAfter(d, VALIDITY);
  return {
    licence_number: licenceNumber(d),
    holder:
      [partyAfterLabel(d.lines, HOLDER_LABELS)?.name, cjkHolder(d), holderInSentence(d), addressee(d), companyAfterName(d), tradeName(d)].find((n) => n && !NAMES_A_BODY.test(fold(n))) ??
      null,
    issuer: valueAfter(d, [['issuing authority', 'issued by', 'licensing authority', 'regulation authority', 'authority', 'behorde', 'autorite']], authorityName, { maxStart: 1 }) ?? authorityOf(d) ?? letterhead(d),
    activity: valueAfter(d, [['licensed activity', 'permitted activity', 'activity', 'activities', 'scope', 'type of licence', 'type of license', 'category', 'tatigkeit', 'activite']], parsePhrase, { maxStart: 1 }),
    issue_date:
      dateAfter(d, [ISSUED]) ??
      // A form's label wrapped over two lines, its value beside it ("Date of" over "Issue").
      wrappedLabelValue(d, ISSUED, (t) => parseDate(t, d.order)) ??
      dateInSentence(d, SIGNED) ??
      placeAndDateLine(d) ??
      unlabelledIssueDate(d) ??
      dateAfter(d, [['date of registration', 'registration date']]),
    valid_from: dateAfter(d, [VALID_FROM]) ?? validity[0] ?? null,
    expiry_date: dateAfter(d, [VALID_UNTIL]) ?? validity[1] ?? null,
  };
}

/** An insurer's name, not the heading of a column of insurers ("INSURER(S) AFFORDING COVERAGE"). */
function insurerName(t: string): string | null {
  const v = parsePhrase(t);
  return v && !/^\(|affording|coverage|naic/i.test(v) && looksLikeName(cleanName(v)) ? cleanName(v) : null;
}

/**
 * A certificate's table of policies (ACORD 25 and the like): under a "Policy number" heading, the
 * first row with a reference and two dates gives the number, the policy's start and end, and its
 * first limit.
 */
const SPACED_POLICY = /(?:^|\s)(\p{Lu}{1,4} \d[\dA-Z-]{4,})$/u;

function policyRow(d: DocText): { number: string; from: string; to: string; limit: string | null } | null {
  if (linesWith(d.lines, ['policy number']).length === 0) return null;
  for (const l of d.lines) {
    const dates = findDates(l.text, d.order);
    if (dates.length < 2) continue;
    const before = l.text.slice(0, dates[0].index);
    // A number printed with a space after its line's letters ("GL 7701234", "CPP 5512345") ends the cell before the dates
    // (after the type of insurance, when the reader ran the two columns together).
    const spaced = SPACED_POLICY.exec(before.trimEnd().split('\t').at(-1) ?? '')?.[1];
    const ref = spaced ?? before
      .split(/[\s\t]+/)
      .reverse()
      .find((w) => /\d/.test(w) && /[A-Za-z]/.test(w) && w.length >= 6 && parseReference(w) === w);
    if (!ref || dates[0].iso >= dates[1].iso) continue;
    const limit = findAmounts(l.text.slice(dates[1].index + dates[1].length), d.style)[0]?.value ?? null;
    return { number: ref, from: dates[0].iso, to: dates[1].iso, limit };
  }
  return null;
}

/** "RE: Example Trading Limited" at the head of a broker's letter: whom the cover is for. */
function letterSubject(d: DocText): string | null {
  for (const l of d.lines.slice(0, 15)) {
    const m = /^re\s*:\s*(.+)$/i.exec(l.text.trim());
    const name = m ? cleanName(m[1]) : null;
    if (name && looksLikeName(name)) return name;
  }
  return null;
}

/** "Nous soussignés, Assurances Exemple SA, attestons que la société X est titulaire du contrat …": the insurer and the insured an attestation names. */
const ATTESTS = /\b(?:nous soussign[ée]s|we the undersigned|wir)\s*,?\s+([^,]{3,80}?)\s*,\s*(?:attestons|certify|certifions|best[äa]tigen)\s*,?\s*(?:que|that|dass)\s+(?:la soci[ée]t[ée]|l'entreprise|the company|die (?:Firma|Gesellschaft))?\s*(.{3,80}?)\s+(?:est|is|ist)\b/iu;

function attested(d: DocText): { insurer: string | null; insured: string | null } {
  const m = ATTESTS.exec(d.lines.map((l) => l.text).join(' ').replace(/\s+/g, ' '));
  const clean = (t: string | undefined) => {
    const v = t ? cleanName(t) : '';
    return v && looksLikeName(v) ? v : null;
  };
  return { insurer: clean(m?.[1]), insured: clean(m?.[2]) };
}

/** A document's title, not an insurer: "ATTESTATION D'ASSURANCE", "Certificate of Insurance". */
const TITLE = /\b(?:attestation|certificate|certificat|policy|police|polizza|p[oó]liza|versicherungsschein|polis|schedule)\b/i;

function notCover(date: string | null, cover: (string | null | undefined)[]): string | null {
  return date && !cover.includes(date) ? date : null;
}

const repairName = (name: string | null | undefined) => (name ? repairLegalForm(name) : null);

const policyReference = (t: string) => parseReference(t) ?? prefixedReference(t);

export function extractInsurance(d: DocText): InsuranceFields {
  const period = valueAfter(d, [['period of insurance', 'policy period', 'period of cover', 'insurance period', 'versicherungszeitraum', 'versicherungsdauer', 'periode de garantie', 'periode de validite', 'periodo di validita', 'periodo de cobertura', 'looptijd', 'okres ubezpieczenia', 'forsakringsperiod', 'forsikringsperiode', 'vakuutuskausi', 'vigencia', 'period']], (t) => parsePeriod(t, d.order));
  const sum = amountAfter(d, [['sum insured', 'limit of indemnity', 'limit of liability', 'insured amount', 'insured value', 'coverage amount', 'amount insured', 'versicherungssumme', 'deckungssumme', 'montant assure', 'capital assure', 'massimale', 'capitale assicurato', 'suma asegurada', 'verzekerd bedrag', 'suma ubezpieczenia', 'suma gwarancyjna', 'forsakringsbelopp', 'forsikringssum', 'importancia segurada', 'limite maximo de indenizacao']], { byLabel: true, under: true });
  const says = attested(d);
  const head = letterhead(d);
  const premium = amountAfter(d, [['total premium', 'annual premium', 'premium', 'pramie', 'beitrag', 'prime']], { byLabel: true });
  const row = policyRow(d);
  return {
    policy_number:
      valueAfter(d, [['policy number', 'policy no', 'versicherungsscheinnummer', 'versicherungsschein nr', 'vsnr', 'police n', 'numero de police', 'numero de poliza',
        'numero di polizza', 'numero polizza', 'polizza n', 'numero de contrat', 'contrat n', 'polisnummer', 'numer polisy', 'numero da apolice', 'forsakringsnummer', 'forsikringsnummer', 'vakuutusnumero',
        // Polish "Polisa nr", Danish "Policenummer".
        'polisa nr', 'polisa numer', 'policenummer', 'police nr']], policyReference) ??
      // A certificate of insurance numbers itself too ("CERTIFICATE NUMBER: 2026-118" on an ACORD 25):
      // the policies its table lists come first.
      row?.number ?? valueAfter(d, [['certificate number', 'certificate no']], policyReference) ?? null,
    insurer: valueAfter(d, [['insurer a', 'insurer', 'insurance company', 'underwriter', 'underwritten by', 'versicherer', 'assureur', 'aseguradora', 'compagnia', 'verzekeraar', 'ubezpieczyciel']], insurerName, { maxStart: 1 }) ??
      says.insurer ?? (head && !TITLE.test(head) ? head : null),
    // A legal form OCR read with zeros ("SP. Z 0.0.") put back, as a register's name is.
    policyholder: repairName(partyAfterLabel(d.lines, ['name of policy holder', 'name of policyholder', 'policyholder', 'policy holder', 'name of insured', 'the insured', 'insured', 'versicherungsnehmer', 'souscripteur', 'assure', 'tomador', 'contraente', 'verzekeringnemer', 'ubezpieczajacy', 'forsakringstagare', 'forsikringstaker', 'forsikringstager', 'vakuutuksenottaja', 'segurado'])?.name) ?? says.insured ?? letterSubject(d),
    insured_amount: sum?.value ?? row?.limit ?? null,
    premium: premium?.value ?? null,
    currency: sum?.currency ?? premium?.currency ?? dominantCurrency(d.text),
    issue_date: dateAfter(d, [['date of issue', 'issue date', 'issued on', 'ausstellungsdatum', 'date d emission', 'data di emissione', 'fecha de emision', 'data de emissao', 'utfardat', 'utfardandedatum', 'utstedt', 'data wystawienia']]) ?? dateInSentence(d, SIGNED) ?? placeAndDateLine(d) ??
      // A date no label names is not the issue date when it is the start or the end of the cover.
      notCover(unlabelledIssueDate(d), [period?.from, period?.to, row?.from, row?.to]),
    valid_from: dateAfter(d, [['inception date', 'effective date', 'valid from', 'start date', 'cover starts', 'date of commencement', 'commencement date', 'versicherungsbeginn', 'date d effet', 'decorrenza', 'data di decorrenza', 'fecha de efecto', 'ingangsdatum', 'data rozpoczecia']]) ?? period?.from ?? row?.from ?? null,
    expiry_date: dateAfter(d, [['expiry date', 'date of expiry', 'expiration date', 'valid until', 'end date', 'renewal date', 'versicherungsablauf', 'date d echeance', 'scadenza', 'data di scadenza', 'fecha de vencimiento', 'vervaldatum', 'einddatum', 'data wygasniecia']]) ?? period?.to ?? row?.to ?? null,
  };
}
