// Bill of lading fields: number, parties (shipper, consignee, notify party, carrier), vessel and voyage,
// ports, goods, weight and the dates of issue and loading.
import { dateAfter, parsePhrase, parseReference, valueAfter, type DocText } from './doc-text.ts';
import { DISCHARGE_PORT_LABELS, GOODS_LABELS, LOAD_PORT_LABELS, portAfter, VESSEL_VOYAGE_LABELS, vesselAndVoyage, vesselName } from './contract.ts';
import type { BillOfLadingFields } from './fields.ts';
import { partyAfterLabel } from './parties.ts';

const SHIPPER = ['shipper', 'shipper exporter', 'exporter', 'consignor', 'absender', 'expediteur', 'embarcador', 'caricatore'];
const CONSIGNEE = ['consignee', 'empfanger', 'destinataire', 'consignatario', 'destinatario'];
const NOTIFY = ['notify party', 'notify address', 'notify', 'meldeadresse'];
const CARRIER = ['carrier', 'shipping line', 'verfrachter', 'transporteur', 'porteador'];
const ALL = [...SHIPPER, ...CONSIGNEE, ...NOTIFY, ...CARRIER];

function party(d: DocText, labels: string[]): string | null {
  return partyAfterLabel(d.lines, labels, { stopAt: ALL.filter((l) => !labels.includes(l)) })?.name ?? null;
}

export function extractBillOfLading(d: DocText): BillOfLadingFields {
  const refs = {
    invoice: valueAfter(d, [['invoice number', 'invoice no', 'commercial invoice', 'rechnungsnummer', 'facture n']], parseReference, { lookahead: 0 }),
    contract: valueAfter(d, [['contract number', 'contract no', 'sales contract', 'l c no', 'letter of credit']], parseReference, { lookahead: 0 }),
  };
  return {
    // A sea waybill and a forwarder's FIATA bill number themselves so ("SEA WAYBILL No.", "FBL No.").
    bl_number: valueAfter(
      d,
      [
        [
          'b l no',
          'b l number',
          'bill of lading no',
          'bill of lading number',
          'bl no',
          'bl number',
          'sea waybill no',
          'waybill no',
          'waybill number',
          'fbl no',
          'fbl number',
          'konnossement nr',
          'connaissement n',
          // A German sea waybill and a Brazilian conhecimento: "Seefrachtbrief-Nr.", "Conhecimento Nº".
          'seefrachtbrief nr',
          'frachtbrief nr',
          'conhecimento n',
          'conhecimento no',
          'conhecimento nº',
        ],
      ],
      parseReference,
    ),
    // A box named for the issue wins over a bare "Date", which may end another box's label ("SHIPPED ON BOARD DATE").
    // In Portuguese, German and French as well: "Local e Data de Emissão", "Ort und Datum der Ausstellung", "Lieu et date d'établissement".
    issue_date: dateAfter(d, [
      [
        'place and date of issue',
        'date of issue',
        'issue date',
        'issued on',
        'dated',
        'local e data de emissao',
        'data de emissao',
        'ort und datum der ausstellung',
        'datum der ausstellung',
        'lieu et date d etablissement',
      ],
      ['date'],
    ]),
    shipped_on_board_date: dateAfter(d, [['shipped on board', 'on board date', 'laden on board', 'date of loading', 'loading date', 'data de embarque', 'an bord genommen am', 'an bord genommen']]),
    shipper: party(d, SHIPPER),
    consignee: party(d, CONSIGNEE),
    notify_party: party(d, NOTIFY),
    carrier: party(d, CARRIER),
    vessel: vesselName(d),
    voyage:
      valueAfter(d, [VESSEL_VOYAGE_LABELS], vesselAndVoyage, { maxStart: 3 })?.voyage ?? valueAfter(d, [['voyage no', 'voyage number', 'voy no', 'voyage', 'reise nr', 'viagem']], parseReference),
    port_of_loading: portAfter(d, LOAD_PORT_LABELS),
    port_of_discharge: portAfter(d, DISCHARGE_PORT_LABELS),
    goods: valueAfter(d, [GOODS_LABELS], parsePhrase, { maxStart: 3 }),
    gross_weight: valueAfter(d, [['gross weight', 'weight', 'bruttogewicht', 'poids brut']], (t) => /(\d[\d.,\s]*\s?(kg|kgs|t|mt|tons?|lbs))\b/i.exec(t)?.[1]?.trim() ?? null, { lookahead: 0 }),
    references: refs,
  };
}
