// biome-ignore-all format: tables and word lists read better packed than one item a line
// Company-record fields: register extracts, certificates of incorporation, articles and shareholder
// registers: name, number, legal form, dates, address, status, directors and shareholders.
import { normalizeCompanyName } from '../../lib/names.ts';
import { findDates } from './dates.ts';
import { dateAfter, parsePhrase, valueAfter, type DocText } from './doc-text.ts';
import type { RegisterFields, ShareholderRegisterFields } from './fields.ts';
import { findRegNumber } from './identifiers.ts';
import { cleanName, companiesInSentence, companyNames, looksLikeName } from './parties.ts';
import { findLabelled } from './text.ts';

const NAME_LABELS = ['company name', 'name of company', 'registered name', 'entity name', 'firmenname', 'firma', 'denomination sociale', 'denomination', 'raison sociale', 'razon social', 'ragione sociale', 'statutaire naam', 'name'];

export function companyNameOf(d: DocText): string | null {
  const labelled = valueAfter(d, [NAME_LABELS], (t) => {
    const c = cleanName(t);
    return looksLikeName(c) ? c : null;
  }, { maxStart: 1 });
  if (labelled) return labelled;
  const certify = d.lines.findIndex((l) => /(certify that|certifies that|bescheinigt|certifie que|hereby certify)/.test(l.fold));
  if (certify >= 0) {
    const inSentence = companiesInSentence(d.lines.slice(certify, certify + 3).map((l) => l.text).join(' '))[0];
    if (inSentence) return inSentence;
  }
  return companyNames(d.lines)[0]?.name ?? null;
}

export function extractRegister(d: DocText): RegisterFields {
  const company = companyNameOf(d);
  const directors: string[] = [];
  const dirLine = findLabelled(d.lines, ['directors', 'director', 'officers', 'managing directors', 'geschaftsfuhrer', 'vorstand', 'dirigeants', 'gerant', 'administradores'], (t) => t, { lookahead: 0, maxStart: 1 });
  if (dirLine) {
    for (const part of dirLine.value.split(/[;,]/)) if (looksLikeName(part.trim())) directors.push(part.trim().replace(/\s*\(.*\)$/, ''));
    for (let k = dirLine.line + 1; k < Math.min(d.lines.length, dirLine.line + 6) && directors.length < 10; k++) {
      const t = d.lines[k].text.replace(/^[-•*\d.)\s]+/, '').replace(/\s*[,(].*$/, '');
      if (!looksLikeName(t) || /:/.test(d.lines[k].text)) break;
      directors.push(t);
    }
  }
  return {
    company_name: company,
    registration_number: findRegNumber(d.lines),
    legal_form: valueAfter(d, [['legal form', 'company type', 'type of company', 'rechtsform', 'forme juridique', 'forma juridica']], parsePhrase, { lookahead: 0 }) ?? (company ? normalizeCompanyName(company).legalForm : null),
    incorporation_date: dateAfter(d, [['date of incorporation', 'incorporation date', 'incorporated on', 'date of registration', 'registration date', 'registered on', 'grundungsdatum', 'eintragungsdatum', 'tag der eintragung', 'date d immatriculation', 'fecha de constitucion']]) ??
      (/(is this day incorporated|incorporated on)/.test(d.text.toLowerCase().replace(/\s+/g, ' ')) ? (findDates(d.text, d.order)[0]?.iso ?? null) : null),
    registered_address: valueAfter(d, [['registered office address', 'registered office', 'registered address', 'address of registered office', 'sitz', 'geschaftsanschrift', 'siege social', 'domicilio social', 'sede legale', 'address']], parsePhrase, { maxStart: 1 }),
    status: valueAfter(d, [['company status', 'status', 'statut']], parsePhrase, { lookahead: 0, maxStart: 1 }),
    issue_date: dateAfter(d, [['date of issue', 'issued on', 'issue date', 'extract date', 'date of extract', 'date of this extract', 'printed on', 'abruf vom', 'ausdruck vom', 'delivre le', 'given under my hand on', 'dated']], { lookahead: 0 }),
    jurisdiction: valueAfter(d, [['jurisdiction', 'country of incorporation', 'registered in', 'registergericht', 'registry']], parsePhrase, { lookahead: 0, maxStart: 1 }),
    directors,
  };
}

export function extractShareholderRegister(d: DocText): ShareholderRegisterFields {
  const shareholders: ShareholderRegisterFields['shareholders'] = [];
  for (const l of d.lines) {
    const m = /^(?:\d+[.)]?\s+)?(.+?)\s+(\d[\d,.' ]*)\s+(?:[A-Za-z ]+\s+)?(\d{1,3}(?:[.,]\d+)?)\s?%/.exec(l.text);
    if (!m) continue;
    const name = cleanName(m[1].replace(/\s+(ordinary|preference|class \w+|shares?)$/i, ''));
    if (!looksLikeName(name)) continue;
    shareholders.push({ name, shares: Number(m[2].replace(/[,.' ]/g, '')) || null, percentage: Number(m[3].replace(',', '.')) });
  }
  return {
    company_name: companyNameOf(d),
    registration_number: findRegNumber(d.lines),
    date: dateAfter(d, [['as at', 'as of', 'date', 'stand', 'datum', 'au']], { lookahead: 0 }) ?? findDates(d.text, d.order)[0]?.iso ?? null,
    shareholders,
  };
}
