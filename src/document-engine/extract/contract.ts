// Contract and charter-party fields: parties with their roles, dates, goods, value, and for charters
// the vessel, ports, laycan and freight.
import { currencyIn, dominantCurrency } from './amounts.ts';
import { findDates, parsePeriod } from './dates.ts';
import { amountAfter, dateAfter, parsePhrase, parseReference, valueAfter, type DocText } from './doc-text.ts';
import type { CharterFields, ContractFields, PartyFacts } from './fields.ts';
import { invoiceLines } from './invoice.ts';
import { emptyParty, hasLegalForm, partyAfterLabel, toPartyFacts } from './parties.ts';
import { effectiveDateOfClause, expiryDateOfText, partyRolesOfClause, signingPlaceDate } from './contract-clause.ts';
import { clauseDate, termOfText, titleNumber, totalOfClause } from './contract-term.ts';
import { contentWords, fold } from './text.ts';
import { normalizeCompanyName } from '../../lib/names.ts';

// A role's label with its article comes first: "The Seller:" is the seller's label, not a word of its line.
const ROLE_LABELS: [role: string, labels: string[]][] = [
  // A Turkish contract's "SATICI:" and "ALICI:".
  ['seller', ['the seller', 'seller', 'vendor', 'verkaufer', 'le vendeur', 'vendedor', 'venditore', 'satici']],
  ['buyer', ['the buyer', 'buyer', 'purchaser', 'kaufer', 'abnehmer', 'l acheteur', 'acheteur', 'comprador', 'acquirente', 'alici']],
  ['supplier', ['the supplier', 'supplier', 'lieferant', 'fournisseur', 'proveedor', 'service provider', 'contractor', 'auftragnehmer']],
  ['customer', ['the customer', 'customer', 'the client', 'client', 'auftraggeber', 'kunde']],
  // A lease's sides: "Landlord:	Harborview Properties LLC", "Vermieter", "Bailleur".
  ['landlord', ['the landlord', 'landlord', 'lessor', 'vermieter', 'bailleur']],
  ['tenant', ['the tenant', 'tenant', 'lessee', 'mieter', 'locataire']],
  // Each side of a "Party A / Party B" contract is a label of its own: both are parties.
  ['party', ['party a', 'first party', 'party of the first part', 'partei a', 'partie a', 'parte a', 'strona a']],
  ['party', ['party b', 'second party', 'party of the second part', 'partei b', 'partie b', 'parte b', 'strona b']],
];
const ALL_ROLE_LABELS = ROLE_LABELS.flatMap(([, l]) => l);
/** A date's label used as a defined term in a sentence ("commence on the Effective Date and shall continue until …", '(the "Effective Date")') labels no date. */
const DEFINED_TERM_BEFORE = /(?:\b(?:the|this|such|effective|commencement|expiry|expiration|start|end)\s+|["“„«(]\s*)$/;

export const GOODS_LABELS = [
  'description of goods',
  'goods description',
  'goods',
  'products',
  'product',
  'commodity',
  'subject matter',
  'subject of the contract',
  'cargo',
  'ware',
  'waren',
  'marchandises',
  'mercancias',
  'merce',
  'item',
];

/** Goods named after a goods label: the rest of the line, or the lines below until an empty or labelled one. */
export function goodsAfterLabel(d: DocText): string[] {
  const v = valueAfter(d, [GOODS_LABELS], parsePhrase, { lookahead: 1, maxStart: 3 });
  return v ? [v] : [];
}

export function extractContract(d: DocText): ContractFields {
  const parties: ContractFields['parties'] = [];
  const seen = new Set<string>();
  const add = (p: PartyFacts, role: string | null) => {
    if (!p.name) return;
    const key = normalizeCompanyName(p.name).full;
    if (seen.has(key)) {
      const existing = parties.find((x) => normalizeCompanyName(x.name ?? '').full === key);
      if (existing && !existing.role) existing.role = role;
      return;
    }
    seen.add(key);
    parties.push({ ...p, role });
  };
  for (const [role, labels] of ROLE_LABELS) {
    const p = partyAfterLabel(d.lines, labels, { stopAt: ALL_ROLE_LABELS.filter((l) => !labels.includes(l)) });
    if (p) add(toPartyFacts(p), role);
  }
  // Without two labelled parties, the opening clause names them ("made between A Ltd and B, a Delaware corporation").
  // The roles the clause defines ('(the "Seller")') go on parties found there or under a label without one.
  const clause = partyRolesOfClause(d.text);
  if (parties.length < 2) for (const p of clause) add({ ...emptyParty(), name: p.name }, p.role);
  else for (const p of clause) if (p.role) add({ ...emptyParty(), name: p.name }, p.role);

  const title = d.lines.slice(0, 8).find((l) => /(contract|agreement|vertrag|vereinbarung|contrat|contrato|contratto|overeenkomst|umowa|acuerdo|accordo|acordo)/.test(l.fold))?.text ?? null;
  const value =
    amountAfter(
      d,
      // In a clause as well as in a box: "total fees of $240,000.00", "Der Gesamtauftragswert beträgt …", "Le montant total du contrat est fixé à …".
      [
        [
          'total contract value',
          'contract value',
          'total value',
          'contract price',
          'total price',
          'total amount',
          'total fees',
          'vertragswert',
          'gesamtauftragswert',
          'auftragswert',
          'gesamtpreis',
          'prix total',
          'montant total',
          'precio total',
          'prezzo totale',
        ],
      ],
      { byLabel: true },
    ) ?? totalOfClause(d.text, d.style);
  const term = termOfText(d.text, d.order);
  const goods = [...goodsAfterLabel(d), ...invoiceLines(d).map((l) => l.description)];
  return {
    contract_number:
      valueAfter(
        d,
        [
          [
            'contract number',
            'contract no',
            'agreement number',
            'agreement no',
            'contract ref',
            'vertragsnummer',
            'vertrags nr',
            'contrat n',
            'numero de contrat',
            'kenmerk',
            'sozlesme no',
            'reference',
            'ref',
          ],
        ],
        parseReference,
        { maxStart: 3 },
      ) ?? titleNumber(d.lines),
    title,
    signing_date:
      dateAfter(d, [['date of signature', 'signed on', 'signing date', 'made on', 'dated', 'date', 'datum', 'fait le', 'fecha']], { lookahead: 0, notAfter: DEFINED_TERM_BEFORE }) ??
      signingPlaceDate(d.text, d.order) ??
      findDates(d.text, d.order)[0]?.iso ??
      null,
    effective_date:
      dateAfter(d, [['effective date', 'commencement date', 'with effect from', 'effective from', 'start date', 'gultig ab', 'date d effet']], { notAfter: DEFINED_TERM_BEFORE }) ??
      effectiveDateOfClause(d.text, d.order) ??
      clauseDate(d.text, d.order, 'start') ??
      term?.from ??
      null,
    expiry_date:
      dateAfter(d, [['expiry date', 'expiration date', 'expires on', 'end date', 'valid until', 'terminates on', 'gultig bis', 'date d expiration']], { notAfter: DEFINED_TERM_BEFORE }) ??
      expiryDateOfText(d.text, d.order) ??
      clauseDate(d.text, d.order, 'end') ??
      term?.to ??
      null,
    parties,
    goods: [...new Set(goods)],
    total_value: value?.value ?? null,
    currency: value?.currency ?? valueAfter(d, [['currency', 'wahrung', 'devise']], (t) => currencyIn(t.slice(0, 12)), { lookahead: 0 }) ?? dominantCurrency(d.text),
  };
}

function nameAfter(d: DocText, labels: string[], others: string[]): string | null {
  const name = partyAfterLabel(d.lines, labels, { stopAt: others })?.name ?? null;
  return name ? withoutPlace(name) : null;
}

/**
 * A charter's sides are boxed with their place of business ("Owners/Place of business"), which a recap
 * writes on the name's line: "AMUR SHIPHOLDING CO. LTD., HONG KONG" is the company, of Hong Kong.
 */
function withoutPlace(name: string): string {
  const m = /^(.+?),\s*(\p{Lu}[\p{L}'. -]{1,30})$/u.exec(name);
  return m && hasLegalForm(m[1]) && !hasLegalForm(m[2]) && m[2].trim().split(/\s+/).length <= 3 ? m[1] : name;
}

/**
 * The vessel a charter's opening sentence names before defining it: "the good motor vessel called LADY
 * MARGARETHA (hereinafter referred to as "the Vessel")", "Owner of the SS/MS CORINTHIAN GRACE (hereinafter
 * called the "Vessel")". The name is in capitals.
 */
const VESSEL_IN_PREAMBLE = /\b(?:called|named|SS\/MS|M\/[SVT]|MV|MT|SS|MS)\s+(\p{Lu}[\p{Lu}\d .'-]{1,40}?)\s*\(\s*(?:hereinafter|hereafter)\b[^)]{0,40}?\b[Vv]essel\b/u;

function vesselOfPreamble(text: string): string | null {
  return VESSEL_IN_PREAMBLE.exec(text.slice(0, 3000).replace(/\s*\n\s*/g, ' '))?.[1].trim() ?? null;
}

export function extractCharter(d: DocText): CharterFields {
  const owner = ['owners', 'owner', 'disponent owners', 'shipowner', 'reeder'];
  // A bareboat charter's "Bareboat Charterers" box, and a broker's recap's "CHRTRS".
  const charterer = ['bareboat charterers', 'charterers', 'charterer', 'chrtrs', 'befrachter', 'affreteur'];
  const imo = /\bimo\s*(?:no\.?|number)?\s*:?\s*(\d{7})\b/i.exec(d.text)?.[1] ?? null;
  const freight = amountAfter(d, [['freight rate', 'freight', 'hire rate', 'hire', 'fracht']], { byLabel: true });
  const laycan = valueAfter(d, [['laycan', 'laydays cancelling', 'laydays', 'lay can']], (t) => parsePeriod(t, d.order), { lookahead: 0 });
  return {
    charter_reference: valueAfter(d, [['charter party no', 'c p no', 'charter no', 'contract no', 'reference', 'ref']], parseReference, { maxStart: 3 }),
    date: dateAfter(d, [['place and date', 'date of charter', 'dated', 'date']], { lookahead: 0 }) ?? findDates(d.text, d.order)[0]?.iso ?? null,
    owner: nameAfter(d, owner, charterer),
    charterer: nameAfter(d, charterer, owner),
    vessel: vesselName(d) ?? vesselOfPreamble(d.text),
    imo_number: imo,
    load_port: portAfter(d, LOAD_PORT_LABELS),
    discharge_port: portAfter(d, DISCHARGE_PORT_LABELS),
    cargo: valueAfter(d, [['cargo', 'commodity', 'goods', 'description of cargo']], parsePhrase, { maxStart: 3 }),
    freight: freight?.value ?? null,
    currency: freight?.currency ?? dominantCurrency(d.text),
    laycan,
  };
}

export const LOAD_PORT_LABELS = [
  'port of loading',
  'loading port',
  'load port',
  'port s of loading',
  'port of shipment',
  'ladehafen',
  'verladehafen',
  'port de chargement',
  'puerto de carga',
  'porto de embarque',
];
export const DISCHARGE_PORT_LABELS = [
  'port of discharge',
  'discharging port',
  'discharge port',
  'port s of discharge',
  'port of destination',
  'loschhafen',
  'port de dechargement',
  'puerto de descarga',
  'porto de descarga',
];

export function portAfter(d: DocText, labels: string[]): string | null {
  return valueAfter(d, [labels], (t) => {
    const v = parsePhrase(t.replace(/\s*\(.*$/, ''));
    return v && !/^(port|of|and)\b/i.test(v) ? v : null;
  });
}

/** A box for the vessel and its voyage together ("VESSEL / VOYAGE", "VESSEL AND VOYAGE NO."). */
export const VESSEL_VOYAGE_LABELS = ['vessel voyage no', 'vessel voyage', 'vessel and voyage no', 'vessel and voyage', 'ocean vessel voyage', 'ocean vessel voy no', 'vessel voy no'];

/**
 * The vessel and the voyage of a combined box's value: "AZUREE SPLENDEUR / 0FL3KW1MA", "MERIDIAN ARIA -
 * FX628N", the voyage after "V." ("TASMAN VOYAGER V.226S") or after a space alone ("HANBADA TRUST 0212E"):
 * in a box of both, a last word with digits is the voyage.
 */
export function vesselAndVoyage(t: string): { vessel: string; voyage: string } | null {
  const m =
    /^\s*(?:(?:m\/?v|mv|m\.v\.|ms|m\/s)\s+)?(\p{L}[\p{L}\d .'-]*?\p{L})\s*(?:\s[\/-]\s|\/|\s+v(?:oy)?\.\s*|\s+(?=[A-Z0-9]*\d[A-Z0-9]*\s*(?:$|\t|\s{2,})))\s*([A-Z0-9]*\d[A-Z0-9]*)\s*(?:$|\t|\s{2,})/iu.exec(
      t,
    );
  return m ? { vessel: m[1].trim(), voyage: m[2] } : null;
}

export function vesselName(d: DocText): string | null {
  const both = valueAfter(d, [VESSEL_VOYAGE_LABELS], vesselAndVoyage, { maxStart: 3 });
  if (both) return both.vessel;
  const v = valueAfter(
    d,
    [['name of vessel', 'vessel name', 'ocean vessel', 'vessel', 'ship name', 'name of ship', 'schiff', 'navire', 'buque', 'nave', 'navio']],
    (t) => {
      // "VOYAGER" is a word of the name, not the voyage's label. The vessel's particulars follow its name
      // after a comma or a spaced dash: "AMUR FORTUNE - SUPRAMAX BULK CARRIER, BLT 2015".
      const p = parsePhrase(
        t
          .replace(/\b(voy(age)?\b\.?\s*(no\.?)?\s*[:#]?\s*\S+.*$)/i, '')
          .replace(/\bimo\b.*$/i, '')
          .replace(/(?:,|\s[-–]\s).*$/, ''),
      );
      return p ? p.replace(/^(m\/?v|mv|m\.v\.|ms|m\/s)\s+/i, '').trim() : null;
    },
    { maxStart: 3 },
  );
  return v && v.length >= 2 ? v : null;
}

/** Significant words of goods descriptions, for comparing goods across documents. */
export function goodsWords(goods: string[]): Set<string> {
  return new Set(goods.flatMap((g) => contentWords(g)).map((w) => fold(w)));
}
