// A trade between the client and a counterparty, from which the corpus draws a coherent invoice,
// contract, bill of lading and charter party, and the monitoring case that pays for it.
import { CORES, CURRENCIES, FORMS, GOODS, iban, isoAdd, PLACES, PORTS, type Rng, round2, SERVICES, VESSELS, type Place } from './random.ts';
import { CORPUS_TODAY } from './model.ts';

export interface Party {
  name: string;
  place: Place;
  vat: string;
  reg: string;
  iban: string;
}

export interface Item {
  name: string;
  qty: number;
  unit: number;
  amount: number;
}

export interface Deal {
  client: Party;
  counterparty: Party;
  direction: 'incoming' | 'outgoing';
  seller: Party;
  buyer: Party;
  items: Item[];
  currency: string;
  vatRate: number;
  net: number;
  tax: number;
  gross: number;
  invoiceNo: string;
  invoiceDate: string;
  dueDate: string;
  contractNo: string;
  contractDate: string;
  blNo: string;
  vessel: string;
  loadPort: string;
  dischargePort: string;
  trxDate: string;
  lang: 'en' | 'de' | 'fr';
  services: boolean;
}

const VAT_PREFIX: Record<string, string> = { GB: 'GB', DE: 'DE', FR: 'FR', NL: 'NL', IT: 'IT', ES: 'ES', PL: 'PL', SE: 'SE', US: '' };

function vatFor(rng: Rng, code: string): string {
  switch (code) {
    case 'GB':
      return `GB${rng.digits(9)}`;
    case 'DE':
      return `DE${rng.digits(9)}`;
    case 'FR':
      return `FR${rng.digits(2)}${rng.digits(9)}`;
    case 'NL':
      return `NL${rng.digits(9)}B01`;
    case 'IT':
      return `IT${rng.digits(11)}`;
    case 'ES':
      return `ESB${rng.digits(8)}`;
    case 'PL':
      return `PL${rng.digits(10)}`;
    case 'SE':
      return `SE${rng.digits(10)}01`;
    default:
      return '';
  }
}

export function makeParty(rng: Rng, used: Set<string>, countries?: string[]): Party {
  let name = '';
  let code = 'GB';
  for (let tries = 0; tries < 50; tries++) {
    const f = rng.pick(FORMS.filter((x) => !countries || countries.includes(x.code)));
    name = `${rng.pick(CORES)} ${f.form}`;
    code = f.code;
    if (!used.has(name.split(' ')[0])) break;
  }
  used.add(name.split(' ')[0]);
  const place = rng.pick(PLACES[code]);
  const bankCode = (['GB', 'DE', 'FR', 'NL'].includes(code) ? code : 'DE') as 'GB' | 'DE' | 'FR' | 'NL';
  return {
    name,
    place,
    vat: VAT_PREFIX[code] !== undefined ? vatFor(rng, code) : '',
    reg: code === 'GB' ? `0${rng.digits(7)}` : code === 'DE' ? `HRB ${rng.int(10000, 99999)}` : rng.digits(9),
    iban: iban(rng, bankCode),
  };
}

export function makeDeal(rng: Rng, opts: { lang?: Deal['lang']; direction?: Deal['direction']; services?: boolean } = {}): Deal {
  const used = new Set<string>();
  const lang = opts.lang ?? rng.pick(['en', 'en', 'de', 'fr'] as const);
  const countries = lang === 'de' ? ['DE'] : lang === 'fr' ? ['FR'] : ['GB', 'US', 'NL', 'IT', 'ES', 'PL', 'SE'];
  const client = makeParty(rng, used, countries);
  const counterparty = makeParty(rng, used);
  const direction = opts.direction ?? (rng.chance(0.5) ? 'incoming' : 'outgoing');
  const services = opts.services ?? rng.chance(0.2);
  const count = rng.int(1, 4);
  const items: Item[] = [];
  const pool = [...GOODS];
  for (let i = 0; i < count; i++) {
    const g = services ? { name: rng.pick(SERVICES), unit: [200, 1500] as [number, number] } : pool.splice(rng.int(0, pool.length - 1), 1)[0];
    const qty = rng.int(1, 120);
    const unit = round2(rng.int(g.unit[0] * 100, g.unit[1] * 100) / 100);
    items.push({ name: g.name, qty, unit, amount: round2(qty * unit) });
  }
  const vatRate = lang === 'de' ? 19 : 20;
  const net = round2(items.reduce((s, x) => s + x.amount, 0));
  const tax = round2((net * vatRate) / 100);
  const invoiceDate = isoAdd(CORPUS_TODAY, -rng.int(20, 200));
  const contractDate = isoAdd(invoiceDate, -rng.int(10, 60));
  return {
    client,
    counterparty,
    direction,
    seller: direction === 'incoming' ? client : counterparty,
    buyer: direction === 'incoming' ? counterparty : client,
    items,
    currency: lang === 'en' ? rng.pick(CURRENCIES) : 'EUR',
    vatRate,
    net,
    tax,
    gross: round2(net + tax),
    invoiceNo: `${rng.pick(['INV', 'RE', 'FA', 'SI'])}-${invoiceDate.slice(0, 4)}-${rng.digits(4)}`,
    invoiceDate,
    dueDate: isoAdd(invoiceDate, rng.pick([14, 30, 45])),
    contractNo: `${rng.pick(['SC', 'PA', 'K'])}-${rng.digits(5)}`,
    contractDate,
    blNo: `${rng.letters(4)}${rng.digits(7)}`,
    vessel: rng.pick(VESSELS),
    loadPort: rng.pick(PORTS),
    dischargePort: rng.pick(PORTS.filter((p) => p !== 'Rotterdam')),
    trxDate: isoAdd(invoiceDate, rng.int(3, 25)),
    lang,
    services,
  };
}

/** The monitoring case that pays for the deal. */
export function dealCase(deal: Deal): Record<string, unknown> {
  return {
    case_kind: 'monitoring',
    company_full_name: deal.client.name,
    company_country_code: deal.client.place.code,
    company_reg_number: deal.client.reg,
    trx_direction: deal.direction,
    trx_amount: deal.gross,
    trx_currency: deal.currency,
    trx_date: deal.trxDate,
    trx_counterparty_full_name: deal.counterparty.name,
    trx_description: `Payment for ${deal.items.map((i) => i.name.toLowerCase()).join(', ')}`,
  };
}
