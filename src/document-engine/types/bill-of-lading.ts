// biome-ignore-all format: word lists read better packed, a paragraph a language
// The bill of lading document type: the carrier's receipt for goods shipped: shipper, consignee, vessel, ports.
import { Type } from '@sinclair/typebox';
import type { BillOfLadingFields } from '../extract/fields.ts';
import { extractBillOfLading } from '../extract/shipping.ts';
import { Day, Text } from './schema-parts.ts';
import { has, type DocumentTypePlugin } from './plugin.ts';

export const billOfLading: DocumentTypePlugin<'bill_of_lading', BillOfLadingFields> = {
  type: 'bill_of_lading',
  label: 'bill of lading',
  requests: ['cargo_bill', 'bill_of_lading'],
  modules: ['cargo_bill'],
  keywords: [
    ['bill of lading', 7], ['b l no', 4], ['bl no', 3], ['connaissement', 6], ['konnossement', 6], ['conocimiento de embarque', 6],
    ['polizza di carico', 6], ['cognossement', 6], ['conhecimento de embarque', 6], ['konosament', 6], ['shipper', 3], ['consignee', 3],
    ['notify party', 4], ['port of loading', 3], ['port of discharge', 3], ['place of receipt', 3], ['shipped on board', 4],
    ['freight prepaid', 2], ['freight collect', 2], ['number of original', 3], ['container', 1], ['gross weight', 1], ['vessel', 1], ['voyage', 1],
  ],
  schema: Type.Object({
    bl_number: Text,
    issue_date: Day,
    shipped_on_board_date: Day,
    shipper: Text,
    consignee: Text,
    notify_party: Text,
    carrier: Text,
    vessel: Text,
    voyage: Text,
    port_of_loading: Text,
    port_of_discharge: Text,
    goods: Text,
    gross_weight: Text,
    references: Type.Object({ invoice: Text, contract: Text }),
  }),
  extract: (_doc, d) => extractBillOfLading(d),
  keyFacts: (f) => [f.bl_number, f.shipper, f.consignee, f.vessel].map(has),
  issueDate: (f) => f.issue_date ?? null,
  datePairs: (f) => [['shipped-on-board date', f.shipped_on_board_date, 'issue date', f.issue_date]],
  parties: (f) => [f.shipper, f.consignee, f.notify_party],
  goods: (f) => (f.goods ? [f.goods] : []),
  vessel: (f) => f.vessel,
  ports: (f) => [f.port_of_loading, f.port_of_discharge],
};
