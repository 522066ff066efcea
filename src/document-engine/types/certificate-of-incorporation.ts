// biome-ignore-all format: word lists read better packed, a paragraph a language
// The certificate of incorporation document type: the registrar's certificate that a company was incorporated.
import { Type } from '@sinclair/typebox';
import type { RegisterFields } from '../extract/fields.ts';
import { extractRegister } from '../extract/corporate.ts';
import { Day, Text } from './schema-parts.ts';
import { has, type DocumentTypePlugin } from './plugin.ts';

export const certificateOfIncorporation: DocumentTypePlugin<'certificate_of_incorporation', RegisterFields> = {
  type: 'certificate_of_incorporation',
  label: 'certificate of incorporation',
  requests: ['certificate_of_incorporation'],
  servesRequests: ['register_extract', 'official_registers', 'company_registration'],
  modules: [],
  keywords: [
    ['certificate of incorporation', 7], ['is this day incorporated', 6], ['hereby certify', 3], ['incorporated under', 3],
    ['companies act', 3], ['registrar of companies', 3], ['certificate of registration', 5], ['certificat d immatriculation', 5],
    ['limited by shares', 1], ['given under my hand', 3], ['certificat de constitution', 6], ['certificado de constitución', 6],
    ['certificato di costituzione', 6], ['akte van oprichting', 5], ['certidão de constituição', 6], ['gründungsurkunde', 6],
  ],
  schema: Type.Object({
    company_name: Text,
    registration_number: Text,
    legal_form: Text,
    incorporation_date: Day,
    registered_address: Text,
    status: Text,
    issue_date: Day,
    jurisdiction: Text,
    directors: Type.Array(Type.String()),
  }),
  outranks: { type: 'register_extract', from: 7 },
  extract: (_doc, d) => extractRegister(d),
  keyFacts: (f) => [f.company_name, f.registration_number, f.issue_date ?? f.incorporation_date].map(has),
  issueDate: (f) => f.issue_date ?? null,
  registrationNumber: (f) => f.registration_number ?? null,
  datePairs: (f) => [['incorporation date', f.incorporation_date, 'date of the extract', f.issue_date]],
};
