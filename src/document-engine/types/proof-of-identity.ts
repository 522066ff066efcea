// biome-ignore-all format: word lists read better packed, a paragraph a language
// The identity document document type: a passport, identity card or driving licence, with its machine-readable zone when it has one.
import { Type } from '@sinclair/typebox';
import type { IdentityFields } from '../extract/fields.ts';
import { extractIdentity } from '../extract/identity.ts';
import { identityRules } from '../rules/party-rules.ts';
import { Day, Nullable, Text } from './schema-parts.ts';
import { has, type DocumentTypePlugin } from './plugin.ts';

export const proofOfIdentity: DocumentTypePlugin<'proof_of_identity', IdentityFields> = {
  type: 'proof_of_identity',
  label: 'identity document',
  requests: ['proof_of_identity', 'passport', 'id_card', 'identity_document', 'driving_licence', 'driving_license'],
  modules: ['proof_of_identity'],
  keywords: [
    ['passport', 5], ['passeport', 5], ['reisepass', 5], ['identity card', 5], ['carte nationale d identite', 5], ['personalausweis', 5],
    ['pasaporte', 5], ['passaporto', 5], ['paspoort', 5], ['paszport', 5], ['carte d identite', 5], ['documento de identidad', 5],
    ['documento nacional de identidad', 5], ['carta d identita', 5], ['identiteitskaart', 5], ['dowod osobisty', 5], ['identity document', 4],
    // Spanish-language cards named otherwise: Latin America's "cédula" (Chile, Colombia, Uruguay…) and
    // Spain's card for foreign residents (TIE).
    ['cedula de identidad', 5], ['cedula de ciudadania', 5], ['tarjeta de identidad', 5],
    ['driving licence', 7], ['driving license', 7], ['driver license', 7], ['drivers license', 7], ['driver s license', 7], ['driver s licence', 7], ['drivers licence', 7], ['driver licence', 7], ['fuhrerschein', 7],
    ['permis de conduire', 7], ['permiso de conducir', 7], ['permiso de conduccion', 7], ['patente di guida', 7], ['rijbewijs', 7], ['prawo jazdy', 7],
    // Cards that prove who someone is without the word "identity": residence permits, the US permanent
    // resident card, India's Aadhaar, Portuguese and Brazilian cards.
    ['permanent resident', 7], ['resident since', 3], ['card expires', 3], ['residence permit', 5], ['aufenthaltstitel', 5], ['titre de sejour', 5],
    ['permesso di soggiorno', 5], ['permiso de residencia', 5], ['verblijfsvergunning', 5], ['karta pobytu', 5], ['aadhaar', 7], ['government of india', 3],
    ['enrollment no', 2], ['year of birth', 2], ['cartao de cidadao', 5], ['bilhete de identidade', 5], ['carteira de identidade', 5],
    ['carta de conducao', 7], ['carteira nacional de habilitacao', 7], ['identiteitsbewijs', 5], ['identitatskarte', 5], ['carta di identita', 5],
    // The field codes of a US licence or state ID (AAMVA): height, weight, licence number, restrictions, and the REAL ID line.
    ['federal limits apply', 5], ['hgt', 2], ['wgt', 2], ['dln', 3], ['rstr', 2], ['given name', 2], ['country of birth', 2],
    ['passport no', 3], ['date of issue', 1], ['holder s signature', 2], ['fecha de nacimiento', 2], ['date de naissance', 2], ['geburtsdatum', 2],
    ['date of birth', 2], ['nationality', 2], ['place of birth', 2], ['date of expiry', 2], ['surname', 2], ['given names', 2], ['sex', 1],
  ],
  schema: Type.Object({
    document_kind: Type.Union([Type.Literal('passport'), Type.Literal('id_card'), Type.Literal('driving_licence'), Type.Literal('other')], { default: 'other' }),
    surname: Text,
    given_names: Text,
    document_number: Text,
    nationality: Text,
    issuing_state: Text,
    birth_date: Day,
    sex: Text,
    issue_date: Day,
    expiry_date: Day,
    mrz: Nullable(Type.Object({ format: Type.String(), valid: Type.Boolean(), failed_checks: Type.Array(Type.String()), exact: Type.Optional(Type.Boolean()), names_doubtful: Type.Optional(Type.Boolean()) })),
  }),
  evidence: { mrz: 20 },
  aboutPerson: true,
  extract: (_doc, d, mrz) => extractIdentity(d, mrz),
  keyFacts: (f) => (f.mrz?.valid ? [true] : [f.surname, f.document_number, f.birth_date, f.expiry_date].map(has)),
  issueDate: (f) => f.issue_date ?? null,
  datePairs: (f) => [
    ['issue date', f.issue_date, 'expiry', f.expiry_date],
    ['date of birth', f.birth_date, 'issue date', f.issue_date],
  ],
  expiry: { code: 'identity_document_expired', noun: 'The identity document', date: (f) => f.expiry_date ?? null },
  holderRules: (doc, ctx) => identityRules(doc.fields, ctx),
};
