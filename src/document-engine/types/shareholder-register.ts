// biome-ignore-all format: word lists read better packed, a paragraph a language
// The shareholder register document type: a company's register of members: who holds its shares.
import { Type } from '@sinclair/typebox';
import type { ShareholderRegisterFields } from '../extract/fields.ts';
import { extractShareholderRegister } from '../extract/corporate.ts';
import { Day, Nullable, Text } from './schema-parts.ts';
import { has, type DocumentTypePlugin } from './plugin.ts';

export const shareholderRegister: DocumentTypePlugin<'shareholder_register', ShareholderRegisterFields> = {
  type: 'shareholder_register',
  label: 'shareholder register',
  requests: ['shareholder_register', 'register_of_shareholders'],
  modules: [],
  keywords: [
    ['register of members', 6], ['shareholder register', 6], ['register of shareholders', 6], ['shareholders register', 6],
    ['share register', 5], ['gesellschafterliste', 6], ['list of shareholders', 5], ['registre des actionnaires', 6],
    ['libro soci', 6], ['aandeelhoudersregister', 6], ['księga udziałów', 6], ['number of shares', 3], ['shares held', 3],
    ['class of shares', 2], ['shareholder', 2], ['nominal value', 1],
    // A share (stock) certificate states one holder's entry in the register, as UK, Hong Kong,
    // Singapore and US companies issue them; its body cites the articles, which must not outrank it.
    ['share certificate', 6], ['stock certificate', 6], ['registered holder', 2],
  ],
  schema: Type.Object({
    company_name: Text,
    registration_number: Text,
    date: Day,
    shareholders: Type.Array(Type.Object({ name: Type.String(), shares: Nullable(Type.Number()), percentage: Nullable(Type.Number()) })),
  }),
  extract: (_doc, d) => extractShareholderRegister(d),
  keyFacts: (f) => [f.company_name, f.shareholders].map(has),
  issueDate: (f) => f.date ?? null,
  registrationNumber: (f) => f.registration_number ?? null,
};
