// Bank statement and proof-of-address fields: holder, account, period, balances; issuer, address and
// date of utility bills and bank letters.
import { currencyIn, dominantCurrency } from './amounts.ts';
import { findDates, parsePeriod } from './dates.ts';
import { amountAfter, dateAfter, parsePhrase, valueAfter, type DocText } from './doc-text.ts';
import type { BankStatementFields, ProofOfAddressFields } from './fields.ts';
import { findIbans } from './identifiers.ts';
import { cleanName, companiesInSentence, looksLikeAddress, looksLikeName, partyAfterLabel } from './parties.ts';

const HOLDER = ['account holder', 'account name', 'account owner', 'kontoinhaber', 'titulaire du compte', 'titulaire', 'titular', 'intestatario', 'rekeninghouder', 'customer name', 'name of customer'];

/** The issuer's name at the top of the page: the first name-like line. */
export function letterhead(d: DocText): string | null {
  for (const l of d.lines.slice(0, 5)) {
    const c = cleanName(l.text);
    if (looksLikeName(c)) return c;
  }
  return null;
}

function periodOf(d: DocText): { from: string; to: string } | null {
  return valueAfter(d, [['statement period', 'billing period', 'period', 'zeitraum', 'abrechnungszeitraum', 'periode', 'periodo', 'from']], (t) => parsePeriod(t, d.order), { lookahead: 0 });
}

export function extractBankStatement(d: DocText): BankStatementFields {
  const opening = amountAfter(d, [['opening balance', 'balance brought forward', 'previous balance', 'alter kontostand', 'anfangssaldo', 'solde initial', 'ancien solde', 'saldo inicial', 'saldo iniziale']], { byLabel: true });
  const closing = amountAfter(d, [['closing balance', 'balance carried forward', 'new balance', 'neuer kontostand', 'endsaldo', 'solde final', 'nouveau solde', 'saldo final', 'saldo finale']], { byLabel: true });
  const holder = partyAfterLabel(d.lines, HOLDER)?.name ?? null;
  return {
    bank_name: d.lines.slice(0, 6).map((l) => cleanName(l.text)).find((t) => /\b(bank|banque|banca|banco|sparkasse|volksbank|bnp|hsbc|barclays|santander|ing)\b/i.test(t) && looksLikeName(t)) ?? letterhead(d),
    account_holder: holder,
    iban: findIbans(d.text)[0] ?? null,
    account_number: valueAfter(d, [['account number', 'account no', 'kontonummer', 'numero de compte', 'numero de cuenta']], (t) => /^([\d\s-]{6,24}\d)/.exec(t)?.[1].replace(/\s+/g, ' ').trim() ?? null, { lookahead: 0 }),
    currency: valueAfter(d, [['account currency', 'currency', 'wahrung', 'devise', 'moneda', 'valuta']], (t) => currencyIn(t.slice(0, 12)), { lookahead: 0 }) ?? closing?.currency ?? dominantCurrency(d.text),
    period: periodOf(d),
    statement_date: dateAfter(d, [['statement date', 'date of statement', 'auszugsdatum', 'date du releve', 'issue date', 'date']], { lookahead: 0 }),
    opening_balance: opening?.value ?? null,
    closing_balance: closing?.value ?? null,
  };
}

export function extractProofOfAddress(d: DocText): ProofOfAddressFields {
  const all = d.lines.map((l) => l.fold).join(' ');
  const bankLetter = /(maintains an account|account with us|holds? an account|bank reference|kontoverbindung|compte (ouvert )?dans nos livres)/.test(all);
  const utility = !bankLetter && /(electricity|kwh|meter|consumption|supply address|broadband|telecom|stromrechnung|zahlerstand|verbrauch|utility|council tax|electricite|water bill|gas bill)/.test(all);
  let holder = partyAfterLabel(d.lines, [...HOLDER, 'customer', 'bill to', 'addressed to', 'account', 'name'])?.name ?? null;
  if (!holder) {
    const confirm = d.lines.findIndex((l) => /(confirm|certify|bestatigen|certifions|attestons)/.test(l.fold));
    if (confirm >= 0) holder = companiesInSentence(d.lines.slice(confirm, confirm + 3).map((l) => l.text).join(' '))[0] ?? null;
  }
  const address =
    valueAfter(d, [['supply address', 'service address', 'premises address', 'property address', 'registered address', 'business address', 'address', 'lieferadresse', 'verbrauchsstelle', 'adresse']], (t) => {
      const v = parsePhrase(t);
      return v && looksLikeAddress(v) ? v : null;
    }) ?? null;
  return {
    kind: utility ? 'utility_bill' : bankLetter ? 'bank_letter' : 'other',
    holder,
    address,
    issuer: letterhead(d),
    issue_date:
      dateAfter(d, [['bill date', 'invoice date', 'date of issue', 'issue date', 'statement date', 'letter date', 'rechnungsdatum'], ['date', 'dated', 'datum']], { lookahead: 0 }) ??
      findDates(d.text, d.order)[0]?.iso ??
      null,
    period: periodOf(d),
  };
}
