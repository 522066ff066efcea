// biome-ignore-all format: word lists read better packed, a paragraph a language
// The certificate of incorporation document type: the registrar's certificate that a company was incorporated.
import type { RegisterFields } from '../extract/fields.ts';
import { incorporationBeforeExtract, registerParts } from './company-register.ts';
import type { DocumentTypePlugin } from './plugin.ts';

export const certificateOfIncorporation: DocumentTypePlugin<'certificate_of_incorporation', RegisterFields> = {
  type: 'certificate_of_incorporation',
  label: 'certificate of incorporation',
  requests: ['certificate_of_incorporation'],
  servesRequests: ['register_extract', 'official_registers', 'company_registration'],
  modules: [],
  keywords: [
    ['certificate of incorporation', 7], ['is this day incorporated', 6], ['hereby certify', 3], ['incorporated under', 3],
    ['companies act', 3], ['registrar of companies', 3], ['certificate of registration', 3, 6], ['certificate of registration of a company', 7],
    ['certification of incorporation', 6], ['limited liability partnership act', 3], ['corporate identity number', 3], ['is incorporated as', 3], ['certificat d immatriculation', 5],
    ['limited by shares', 1], ['given under my hand', 3], ['certificat de constitution', 6], ['certificado de constitución', 6],
    ['certificato di costituzione', 6], ['akte van oprichting', 5], ['certidão de constituição', 6], ['gründungsurkunde', 6],
    // A registrar's certificate of state registration of a legal entity (Armenia, Mongolia and other registers of the former Soviet Union).
    ['certificate of state registration of a legal entity', 8],
    // The registrar's certificates of a later change: of amendment (Canada), of change of name (the UK, Hong Kong, Ireland).
    ['certificate of amendment', 7], ['certificat de modification', 6], ['certificate of change of name', 7], ['on change of name', 6],
  ],
  // A certificate shares a register extract's vocabulary; it says what it is. A registrar's
  // certificate titled as the register's word (of good standing, of status) is that, though its
  // body certifies like a certificate of incorporation.
  outranks: { type: 'register_extract', from: 7, unlessTitled: true },
  ...registerParts,
  ...incorporationBeforeExtract,
};
