// Bank statement and proof-of-address fields: holder, account, period, balances; issuer, address and
// date of utility bills and bank letters.
import { currencyIn, dominantCurrency, lastAmount, type FoundAmount } from './amounts.ts';
import { findDates, parsePeriod } from './dates.ts';
import { amountAfter, dateAfter, parsePhrase, valueAfter, type DocText } from './doc-text.ts';
import type { BankStatementFields, ProofOfAddressFields } from './fields.ts';
import { findIbans } from './identifiers.ts';
import { cleanName, companiesInSentence, looksLikeAddress, looksLikeName, partyAfterLabel } from './parties.ts';
import { rowOfLine, type LayoutRow } from './layout.ts';
import { fold, labelsIn, matchLabel } from './text.ts';

const HOLDER = [
  'account holder',
  'account name',
  'account owner',
  'kontoinhaber',
  'titulaire du compte',
  'titulaire',
  'titular',
  'intestatario',
  'rekeninghouder',
  'customer name',
  'name of customer',
];

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

/** After a balance, the side it is on: debit ("1,234.56 DR", "1.234,56 S" for Soll, "Af") or credit ("CR", "H" for Haben, "Bij"). */
const DEBIT_AFTER = /^\s*(?:[A-Z]{3}\s*|[€$£]\s*)?(?:dr|db|deb|debit|débit|s|soll|debe|dare|af)\b/i;
/** Words that make a balance negative wherever they stand on its row. */
const DEBIT_ROW = /\b(debit balance|solde debiteur|debiteur|overdrawn|overdraft|saldo deudor|saldo debitore|sollsaldo|debetsaldo|saldo a debito)\b/;

/** Column headers of a statement's table: which side an amount standing under them is on. */
const COLUMN_HEADS: [RegExp, 'debit' | 'credit' | 'balance'][] = [
  [/^(debit|debits|debit\(s\)|withdrawals?|paid out|soll|lastschrift|belastung|debe|cargo|cargos|dare|addebiti|af|wn|uscite)$/, 'debit'],
  [/^(credit|credits|credit\(s\)|deposits?|paid in|haben|gutschrift|haber|abono|abonos|avere|accrediti|bij|ma|entrate)$/, 'credit'],
  [/^(balance|solde|saldo|kontostand)$/, 'balance'],
];

/**
 * Where the page has word boxes and a header row above names debit and credit columns: whether the amount on
 * row `index` stands in the debit column (nearer its header than any other side's).
 */
function inDebitColumn(d: DocText, index: number, value: string): boolean {
  const row = d.layout?.length ? rowOfLine(d.layout, d.lines, index) : null;
  const page = row ? d.layout?.find((p) => p.page === d.lines[index].page) : null;
  if (!row || !page) return false;
  const word = [...row.words].reverse().find((w) => lastAmount(w.text, d.style)?.value === value);
  if (!word) return false;
  const centre = (w: { x: number; width: number }) => w.x + Math.abs(w.width) / 2;
  const at = page.rows.indexOf(row);
  for (let k = at - 1; k >= 0 && k >= at - 40; k--) {
    const heads = headsOf(page.rows[k]);
    if (!heads.some((h) => h.side === 'debit') || !heads.some((h) => h.side === 'credit')) continue;
    const nearest = heads.reduce((a, b) => (Math.abs(b.x - centre(word)) < Math.abs(a.x - centre(word)) ? b : a));
    return nearest.side === 'debit';
  }
  return false;
}

function headsOf(row: LayoutRow): { side: 'debit' | 'credit' | 'balance'; x: number }[] {
  const out: { side: 'debit' | 'credit' | 'balance'; x: number }[] = [];
  for (const w of row.words) {
    const t = fold(w.text).replace(/[^\p{L}()]/gu, '');
    const head = COLUMN_HEADS.find(([re]) => re.test(t));
    if (head) out.push({ side: head[1], x: w.x + Math.abs(w.width) / 2 });
  }
  return out;
}

/**
 * A balance read with its sign: written negative ("-1,234.56", "(1,234.56)", "1.234,56-"), marked as a debit after
 * the amount, on a row that calls it a debit balance, or standing in the debit column of the statement's table.
 * Falls back to the plain amount after the label.
 */
export function balanceAfter(d: DocText, labels: readonly string[]): FoundAmount | null {
  const present = labelsIn(d.lines, labels);
  for (const label of present) {
    for (let i = 0; i < d.lines.length; i++) {
      const line = d.lines[i];
      const hit = matchLabel(line, [label]);
      if (!hit) continue;
      const rest = line.text.slice(hit.end);
      const a = lastAmount(rest, d.style);
      if (!a) continue;
      const debit = DEBIT_AFTER.test(rest.slice(a.index + a.length)) || DEBIT_ROW.test(line.fold) || inDebitColumn(d, i, a.value);
      if (debit && !a.value.startsWith('-') && a.value !== '0') return { ...a, value: `-${a.value}` };
      return a;
    }
  }
  return amountAfter(d, [labels], { byLabel: true });
}

export function extractBankStatement(d: DocText): BankStatementFields {
  const opening = balanceAfter(d, [
    'opening balance',
    'balance brought forward',
    'previous balance',
    'alter kontostand',
    'anfangssaldo',
    'solde initial',
    'ancien solde',
    'saldo inicial',
    'saldo iniziale',
    'beginsaldo',
    'saldo poczatkowe',
  ]);
  const closing = balanceAfter(d, [
    'closing balance',
    'balance carried forward',
    'new balance',
    'neuer kontostand',
    'endsaldo',
    'solde final',
    'nouveau solde',
    'saldo final',
    'saldo finale',
    'eindsaldo',
    'saldo koncowe',
  ]);
  const holder = partyAfterLabel(d.lines, HOLDER)?.name ?? null;
  return {
    bank_name:
      d.lines
        .slice(0, 6)
        .map((l) => cleanName(l.text))
        .find((t) => /\b(bank|banque|banca|banco|sparkasse|volksbank|bnp|hsbc|barclays|santander|ing)\b/i.test(t) && looksLikeName(t)) ?? letterhead(d),
    account_holder: holder,
    iban: findIbans(d.text)[0] ?? null,
    account_number: valueAfter(
      d,
      [['account number', 'account no', 'kontonummer', 'numero de compte', 'numero de cuenta']],
      (t) => /^([\d\s-]{6,24}\d)/.exec(t)?.[1].replace(/\s+/g, ' ').trim() ?? null,
      { lookahead: 0 },
    ),
    currency:
      valueAfter(d, [['account currency', 'currency', 'wahrung', 'devise', 'moneda', 'valuta']], (t) => currencyIn(t.slice(0, 12)), { lookahead: 0 }) ?? closing?.currency ?? dominantCurrency(d.text),
    period: periodOf(d),
    statement_date: dateAfter(d, [['statement date', 'date of statement', 'auszugsdatum', 'date du releve', 'issue date', 'date']], { lookahead: 0 }),
    opening_balance: opening?.value ?? null,
    closing_balance: closing?.value ?? null,
  };
}

export function extractProofOfAddress(d: DocText): ProofOfAddressFields {
  const all = d.lines.map((l) => l.fold).join(' ');
  const bankLetter = /(maintains an account|account with us|holds? an account|bank reference|kontoverbindung|compte (ouvert )?dans nos livres)/.test(all);
  const utility =
    !bankLetter && /(electricity|kwh|meter|consumption|supply address|broadband|telecom|stromrechnung|zahlerstand|verbrauch|utility|council tax|electricite|water bill|gas bill)/.test(all);
  let holder = partyAfterLabel(d.lines, [...HOLDER, 'customer', 'bill to', 'addressed to', 'account', 'name'])?.name ?? null;
  if (!holder) {
    const confirm = d.lines.findIndex((l) => /(confirm|certify|bestatigen|certifions|attestons)/.test(l.fold));
    if (confirm >= 0)
      holder =
        companiesInSentence(
          d.lines
            .slice(confirm, confirm + 3)
            .map((l) => l.text)
            .join(' '),
        )[0] ?? null;
  }
  const address =
    valueAfter(
      d,
      [['supply address', 'service address', 'premises address', 'property address', 'registered address', 'business address', 'address', 'lieferadresse', 'verbrauchsstelle', 'adresse']],
      (t) => {
        const v = parsePhrase(t);
        return v && looksLikeAddress(v) ? v : null;
      },
    ) ?? null;
  return {
    kind: utility ? 'utility_bill' : bankLetter ? 'bank_letter' : 'other',
    holder,
    address,
    issuer: letterhead(d),
    issue_date:
      dateAfter(
        d,
        [
          ['bill date', 'invoice date', 'date of issue', 'issue date', 'statement date', 'letter date', 'rechnungsdatum'],
          ['date', 'dated', 'datum'],
        ],
        { lookahead: 0 },
      ) ??
      findDates(d.text, d.order)[0]?.iso ??
      null,
    period: periodOf(d),
  };
}
