// Bank statement and proof-of-address fields: holder, account, period, balances; issuer, address and
// date of utility bills and bank letters.
import { currencyIn, dominantCurrency, findAmounts, lastAmount, type FoundAmount } from './amounts.ts';
import { isoDate, parseDate, parsePeriod } from './dates.ts';
import { amountAfter, dateAfter, parsePhrase, valueAfter, type DocText } from './doc-text.ts';
import type { BankStatementFields, ProofOfAddressFields } from './fields.ts';
import { findIbans } from './identifiers.ts';
import { cleanName, companiesInSentence, looksLikeAddress, looksLikeName, partyAfterLabel } from './parties.ts';
import { rowOfLine, type LayoutRow } from './layout.ts';
import { addressBlocks } from './address-blocks.ts';
import { cellsAfter, labelledAddress, pairedValue, type PairedValue } from './layout-pairs.ts';
import { dollarCurrency, issuerFromDomain } from './issuer-facts.ts';
import { isLabelText, notALabel } from './label-words.ts';
import { boundedPeriod, lonePeriod } from './period-cells.ts';
import { CLOSING_LABELS, OPENING_LABELS, summaryRowBalances } from './balance-rows.ts';
import { ACCOUNT_NUMBER_LABELS, accountCurrency, firstLoneDate, HOLDER, HOLDER_OVER_BLOCK, plainAddress, sameParty, spacedPostcode, townEnded } from './statement-facts.ts';
import { fold, labelsIn, matchLabel } from './text.ts';

/** The issuer's name at the top of the page: the first name-like line that is not a label or a heading. */
export function letterhead(d: DocText): string | null {
  for (const l of d.lines.slice(0, 5)) {
    const c = cleanName(l.text);
    if (looksLikeName(c) && !isLabelText(c)) return c;
  }
  return null;
}

/** Words of an issuer of bills and statements: an organisation's name holding one is the letterhead. */
const ISSUER_WORD =
  /\b(company|limited|ltd|corporation|corp|inc|plc|llc|bank|banque|banca|banco|energy|energie|electric|electricity|power|gas|water|utilities|utility|telecom|communications|mobile|broadband|distribution|stadtwerke|savings|credit union)\b/i;

/**
 * The same words in scripts without capitals (Arabic, Chinese, Japanese, Korean), where a name cannot
 * be told from any other word of a heading by its case: company, bank, electricity, water, gas, telecom.
 */
const ISSUER_WORD_UNCASED =
  /(?:شركة|الشركة|مؤسسة|بنك|البنك|مصرف|كهرباء|الكهرباء|مياه|المياه|غاز|الغاز|اتصالات|الاتصالات|株式会社|有限会社|公司|银行|銀行|電力|电力|ガス|水道|燃气|電網|电网|주식회사|은행|전력|가스|통신)/u;

/** Whether a text is written in a script with capitals (Latin, Greek, Cyrillic). */
const cased = (t: string) => /[\p{Lu}\p{Ll}]/u.test(t);

/** A name with an issuer's word, in its script: "Example Energy Ltd", "شركة المياه الوطنية". */
function issuerLike(c: string): boolean {
  // Folded, so that an accented word counts as its letters ("Énergie").
  return (ISSUER_WORD.test(fold(c)) || (!cased(c) && ISSUER_WORD_UNCASED.test(c))) && !/www\.|https?:|@/i.test(c);
}

/**
 * The issuer: an organisation's name near the top, else the name its own website spells, else the
 * letterhead. A letterhead in a script without capitals must hold an organisation's word: a lone
 * word of a heading there ("Eastern", a sector's name) is no issuer.
 */
function issuerOf(d: DocText): string | null {
  for (const l of d.lines.slice(0, 8)) {
    for (const cell of l.text.split('\t')) {
      const c = cleanName(cell);
      if (issuerLike(c) && looksLikeName(c) && !isLabelText(c) && !/^(?:dear|to|for)\b/i.test(c)) return c;
    }
  }
  const head = issuerFromDomain(d) ?? letterhead(d);
  return head && (cased(head) || issuerLike(head)) ? head : null;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** Two dates written as a period: "Jun 11, 2024 to Jul 12, 2024", "03/14/24 thru 04/15/24", "17 Sep 2018 - 16 Oct 2018". */
function periodIn(d: DocText): (t: string) => { from: string; to: string } | null {
  return (t) => parsePeriod(t, d.order);
}

function periodOf(d: DocText): { from: string; to: string } | null {
  const labels = [
    'statement period',
    'billing period',
    'bill period',
    'service period',
    'period of service',
    'abrechnungszeitraum',
    'verbrauchszeitraum',
    'leistungszeitraum',
    'zeitraum',
    'periode de consommation',
    'periode de facturation',
    'periodo de facturacion',
    'periodo de consumo',
    'periodo di fatturazione',
    'periodo di riferimento',
    'periodo di consumo',
    'factuurperiode',
    'verbruiksperiode',
    'okres rozliczeniowy',
    'laskutuskausi',
    'faktureringsperiod',
    'periodo de faturacao',
    'fatura donemi',
    // Swedish and Hungarian: "Förbrukning under perioden 2026-10-01 – 2026-10-31", "Elszámolási időszak: 2026.10.01.–2026.10.31.".
    'elszamolasi idoszak',
    'idoszak',
    'perioden',
    // Czech and Greek: "Zúčtovací období: 01.07.2026 – 31.10.2026", "Περίοδος κατανάλωσης: 12/09/2026 - 11/11/2026".
    'zuctovaci obdobi',
    'obdobi',
    'περιοδος καταναλωσης',
    'περιοδος',
    // A statement's header: "Auszug vom 01.10.2026 bis 31.10.2026", "Relevé du 01/10/2026 au 31/10/2026".
    // The consumption or the meter readings a bill charges for: "Consommation du 15/05/2026 au 14/11/2026",
    // "Meter reading 08/10/2026 - 07/11/2026".
    'consommation du',
    'consommation',
    'meter reading',
    'reading period',
    'auszug vom',
    'auszug',
    'releve du',
    'okres',
    'periode',
    'periodo',
    'period',
    'from',
  ];
  const near = pairedValue(d, labels, periodIn(d));
  if (near) return near.value;
  const found = valueAfter(d, [labels], periodIn(d), { lookahead: 0 });
  if (found) return found;
  const bounded = boundedPeriod(d);
  if (bounded) return bounded;
  const alone = lonePeriod(d);
  if (alone) return alone;
  // "Bill for the month of June 2024": the whole month.
  const m = /\b(?:for the month|billing month|bill month)\b\s*:?\s*(?:(?:of|\p{L}{1,3})\s+)?([a-z]{3,9})[\s,.-]+(\d{4})\b/iu.exec(fold(d.text));
  const month = m ? MONTHS.findIndex((n) => n.startsWith(m[1])) : -1;
  if (!m || month < 0) return null;
  const year = Number(m[2]);
  const from = isoDate(year, month + 1, 1);
  const to = isoDate(year, month + 1, new Date(Date.UTC(year, month + 1, 0)).getUTCDate());
  return from && to ? { from, to } : null;
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
      // The amount in the label's own cell ("Opening balance at 17 Sep $2,941.37<tab>Main balance $1,204.55").
      const whole = line.text.slice(hit.end);
      const rest = firstMoneyCell(whole, d) ?? whole;
      const a = lastAmount(rest, d.style);
      if (!a) continue;
      const debit = DEBIT_AFTER.test(rest.slice(a.index + a.length)) || DEBIT_ROW.test(line.fold) || inDebitColumn(d, i, a.value);
      if (debit && !a.value.startsWith('-') && a.value !== '0') return { ...a, value: `-${a.value}` };
      return a;
    }
  }
  return amountAfter(d, [labels], { byLabel: true });
}

/** The first cell of `text` holding money (decimals or a currency: "$2,941.37", not the "17" of "at 17 Sep"). */
function firstMoneyCell(text: string, d: DocText): string | null {
  for (const cell of text.split('\t')) {
    const money = findAmounts(cell, d.style).filter((a) => a.decimals > 0 || a.currency);
    if (money.length) return cell;
  }
  return null;
}

export function extractBankStatement(d: DocText): BankStatementFields {
  // An amount that is all of its cell: "312.00", "$2,718.45", "64.20 CR".
  const money = (t: string) => {
    const a = findAmounts(t, d.style);
    return a.length === 1 && t.replace(/[\d.,\s$€£-]|\b(?:CR|DR|[A-Z]{3})\b/g, '').length <= 2 ? a[0].value : null;
  };
  // A summary row of labels over amounts first: there a label's line holds no amount, and the lines after it others'.
  const summary = summaryRowBalances(d, OPENING_LABELS, [...CLOSING_LABELS, 'closing bal'], money);
  const opening = summary.opening ? null : balanceAfter(d, OPENING_LABELS);
  const closing = summary.closing ? null : balanceAfter(d, CLOSING_LABELS);
  const bank = bankName(d);
  // The bank's own name over its own address is the sender's block, not the holder's: the holder's
  // block stands beside it or below it ("Banque … / 4 quai …" on the left, "M. … / 27 rue …" on the right).
  const blocks = addressBlocks(d, looksLikeName).filter((b) => !b.name || !bank || !sameParty(b.name, bank));
  const mailed = blocks.find((b) => b.name) ?? null;
  const holder = notALabel(partyAfterLabel(d.lines, HOLDER)?.name) ?? mailed?.name ?? null;
  const read =
    valueAfter(d, [['account currency', 'currency', 'wahrung', 'devise', 'moneda', 'valuta']], (t) => currencyIn(t.slice(0, 12)), { lookahead: 0 }) ?? closing?.currency ?? dominantCurrency(d.text);
  return {
    bank_name: bank,
    account_holder: holder,
    iban: findIbans(d.text)[0] ?? null,
    account_number: wholeGroups(d, pairedValue(d, ACCOUNT_NUMBER_LABELS, accountNumber)),
    currency: dollarCurrency(read, d.text) ?? accountCurrency(d.text),
    period: periodOf(d),
    statement_date:
      pairedValue(d, ['statement date', 'date of statement', 'statement issued', 'auszugsdatum', 'date du releve'], (t) => parseDate(t, d.order))?.value ??
      dateAfter(d, [['statement date', 'date of statement', 'auszugsdatum', 'date du releve', 'issue date', 'date']], { lookahead: 0 }),
    opening_balance: summary.opening ?? opening?.value ?? pairedValue(d, ['balance last statement', 'previous statement balance', 'beginning balance', 'starting balance'], money)?.value ?? null,
    closing_balance: summary.closing ?? closing?.value ?? pairedValue(d, ['balance this statement', 'ending balance', 'current balance'], money)?.value ?? null,
    address: spacedPostcode((blocks.find((b) => b.name && holder && sameParty(b.name, holder)) ?? mailed ?? blocks[0])?.address ?? plainAddress(d)),
  };
}

const BANK_WORD_ONLY = /(?<!\p{L})(bank|banque|banca|banco|caja|caixa|sparkasse|volksbank|bnp|hsbc|barclays|santander|ing|credit union|building society|pankki|bankasi)(?!\p{L})/iu;
/** "…bank" in lower case ends the compound names of Nordic, Dutch and German banks ("Sparbanken", "Spaarbank", "Landesbank"); a logo's "ExampleBank" is two words run together. */
const BANK_COMPOUND = /(?<!\p{L})\p{Lu}\p{Ll}+bank(?:en)?(?!\p{L})/u;
const BANK_WORD = { test: (t: string) => BANK_WORD_ONLY.test(t) || BANK_COMPOUND.test(t) };

/** The bank: a bank's name near the top, else a line that is a bank's name anywhere, else its website's name, else the letterhead. */
function bankName(d: DocText): string | null {
  const isBank = (t: string) => BANK_WORD.test(t) && looksLikeName(t) && !isLabelText(t) && t.split(/\s+/).length >= 2 && t.split(/\s+/).length <= 7;
  const top = d.lines
    .slice(0, 6)
    .flatMap((l) => l.text.split('\t').map(cleanName))
    .find(isBank);
  if (top) return top;
  // A logo's words stacked one a line: "HARBOUR / FEDERAL / SAVINGS / BANK".
  const stacked: string[] = [];
  for (const l of d.lines.slice(0, 6)) {
    if (!/^\p{Lu}[\p{Lu}&.'-]*$/u.test(l.text.trim())) break;
    stacked.push(l.text.trim());
    if (isBank(stacked.join(' '))) return stacked.join(' ');
  }
  const anywhere = d.lines.map((l) => cleanName(l.text)).find((t) => isBank(t) && /^[\p{Lu}]/u.test(t));
  return anywhere ?? issuerFromDomain(d) ?? letterhead(d);
}

/** An account or card number: a run of six digits or more, spaces and dashes allowed ("4000 1234 5678 9010", "12-3456-789"). */
function accountNumber(t: string): string | null {
  const m = /(?:^|[\s:#.])(\d[\d -]{4,28}\d)(?![\d.,])(?!\s?\p{L}{3})/u.exec(` ${t.trim()}`);
  if (!m) return null;
  const v = m[1].replace(/\s+/g, ' ').trim();
  // "2018 - 22" is a date range, not an account.
  return v.replace(/\D/g, '').length >= 6 && !/\s-\s/.test(v) ? v : null;
}

/** Labels of a bill's date, English first; then the languages' own, as a bill titled "Conta" or "Számla" prints its date of issue beside its due date. */
// biome-ignore format: a list of labels reads better packed
const BILL_DATE_LABELS = [
  'bill date', 'date bill issued', 'تاريخ الفاتورة', 'bill issued', 'date of bill', 'billing date', 'invoice date', 'date of issue', 'issue date', 'statement date',
  'rechnungsdatum', 'date de facture', 'date de la facture', 'fecha de factura', 'fecha de emision', 'data de emissao', 'data da emissao', 'data emissione',
  'data fattura', 'factuurdatum', 'fakturadatum', 'szamla kelte', 'laskun paivamaara', 'data wystawienia', 'datum vystaveni', 'ημερομηνια εκδοσης',
] as const;

/**
 * A card or account number printed in groups of equal width ("4000 1234 5678 9010") whose wider
 * gaps cut it into cells: the groups of that width that follow it in its row, up to 19 digits.
 */
function wholeGroups(d: DocText, found: PairedValue<string> | null): string | null {
  if (!found) return null;
  const groups = found.value.split(' ');
  const width = groups[0].length;
  if (groups.length < 2 || !groups.every((g) => /^\d+$/.test(g) && g.length === width) || !found.cell.text.trimEnd().endsWith(found.value)) return found.value;
  let value = found.value;
  let last = found.cell;
  for (const next of cellsAfter(d, found.cell)) {
    const digits = value.replace(/\D/g, '').length + next.text.length;
    if (!/^\d+$/.test(next.text) || next.text.length !== width || next.x0 - last.x1 > 3 * last.h || digits > 19) break;
    value = `${value} ${next.text}`;
    last = next;
  }
  return value;
}

export function extractProofOfAddress(d: DocText): ProofOfAddressFields {
  const all = d.lines.map((l) => l.fold).join(' ');
  const bankLetter = /(maintains an account|account with us|holds? an account|bank reference|kontoverbindung|compte (ouvert )?dans nos livres)/.test(all);
  const utility =
    !bankLetter && /(electricity|kwh|meter|consumption|supply address|broadband|telecom|stromrechnung|zahlerstand|verbrauch|utility|council tax|electricite|water bill|gas bill)/.test(all);
  const issuer = issuerOf(d);
  // The issuer's own block (its name over its address, a remittance stub's "Remit to") holds no holder.
  const blocks = addressBlocks(d, looksLikeName).filter((b) => !b.name || !issuer || !sameParty(b.name, issuer));
  // A name starts with a capital: "Customer charge" holds the label "Customer" and no customer's name.
  const named = (name: string | null) => {
    const c = name ? cleanName(name) : null;
    return c && looksLikeName(c) && !isLabelText(c) && !/^\p{Ll}/u.test(c) ? c : null;
  };
  // Beside its label; under a holder's own label ("Intestatario" over the name, in a row of labels over a row of values); an envelope's name.
  let holder =
    named(partyAfterLabel(d.lines, HOLDER_OVER_BLOCK)?.name ?? null) ??
    pairedValue(d, [...HOLDER, 'consumer name', 'customer', 'bill to', 'addressed to', 'service for', 'senor(a)', 'name'], named, { below: false })?.value ??
    named(notALabel(partyAfterLabel(d.lines, [...HOLDER, 'service for'])?.name) ?? null) ??
    blocks.find((b) => b.name)?.name ??
    null;
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
    labelledAddress(d, [
      'supply address',
      'service address',
      'premises address',
      'property address',
      'registered address',
      'business address',
      'address1',
      'address 1',
      'address line 1',
      'lieferadresse',
      'verbrauchsstelle',
      'lieferstelle',
      'abnahmestelle',
      'adresse de consommation',
      'adresse de livraison',
      'lieu de consommation',
      'adresse du site',
      'direccion de suministro',
      'direccion del suministro',
      'punto de suministro',
      'indirizzo di fornitura',
      'luogo di fornitura',
      'leveringsadres',
      'aansluitadres',
      'adres punktu poboru',
      'morada de fornecimento',
      'local de consumo',
    ]) ??
    blocks.find((b) => b.name && b.name === holder)?.address ??
    townEnded(labelledAddress(d, ['address', 'adresse', 'anschrift'])) ??
    valueAfter(d, [['address', 'adresse', 'anschrift']], (t) => {
      const v = parsePhrase(t);
      return v && looksLikeAddress(v) ? v : null;
    }) ??
    blocks.find((b) => b.name && b.name !== issuer)?.address ??
    null;
  return {
    kind: utility ? 'utility_bill' : bankLetter ? 'bank_letter' : 'other',
    holder,
    address: spacedPostcode(address),
    issuer,
    issue_date:
      pairedValue(d, [...BILL_DATE_LABELS], (t) => parseDate(t, d.order))?.value ??
      dateAfter(
        d,
        [
          ['bill date', 'invoice date', 'date of issue', 'issue date', 'statement date', 'letter date', 'rechnungsdatum'],
          ['date', 'dated', 'datum'],
        ],
        { lookahead: 0 },
      ) ??
      firstLoneDate(d) ??
      null,
    period: periodOf(d),
  };
}
