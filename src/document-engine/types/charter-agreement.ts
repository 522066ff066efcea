// biome-ignore-all format: word lists read better packed, a paragraph a language
// The charter agreement document type: a charter party: a ship hired from its owners for a voyage or a time.
import { Type } from '@sinclair/typebox';
import type { CharterFields } from '../extract/fields.ts';
import { extractCharter } from '../extract/contract.ts';
import { Amount, Day, Nullable, Text } from './schema-parts.ts';
import { has, type DocumentTypePlugin } from './plugin.ts';

export const charterAgreement: DocumentTypePlugin<'charter_agreement', CharterFields> = {
  type: 'charter_agreement',
  label: 'charter agreement',
  requests: ['charter_agreement', 'charter_party'],
  servesRequests: ['contract'],
  modules: ['charter_agreement'],
  keywords: [
    ['charter party', 6], ['charterparty', 6], ['time charter', 6], ['voyage charter', 6], ['charter agreement', 6], ['charterer', 4],
    ['charterers', 4], ['laycan', 4], ['laytime', 4], ['demurrage', 3], ['gencon', 5], ['dwt', 2], ['imo', 1], ['vessel', 1],
    ['loading port', 1], ['discharging port', 1], ['owners', 1], ['freight', 1], ['chartepartie', 6], ['affrètement', 4], ['befrachter', 4],
    ['fletamento', 4], ['noleggio', 2], ['bevrachting', 4], ['czarter', 4],
  ],
  schema: Type.Object({
    charter_reference: Text,
    date: Day,
    owner: Text,
    charterer: Text,
    vessel: Text,
    imo_number: Text,
    load_port: Text,
    discharge_port: Text,
    cargo: Text,
    freight: Amount,
    currency: Text,
    laycan: Nullable(Type.Object({ from: Type.String(), to: Type.String() })),
  }),
  outranks: { type: 'contract', from: 10 },
  extract: (_doc, d) => extractCharter(d),
  keyFacts: (f) => [f.owner, f.charterer, f.vessel, f.date].map(has),
  issueDate: (f) => f.date ?? null,
  parties: (f) => [f.owner, f.charterer],
  goods: (f) => (f.cargo ? [f.cargo] : []),
  vessel: (f) => f.vessel,
  ports: (f) => [f.load_port, f.discharge_port],
};
