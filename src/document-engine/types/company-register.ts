// What the company-register documents share (certificate of incorporation, register extract,
// articles of association): the fields a register gives about a company, read the same way, and
// the registration number the case should have.
import { Type } from '@sinclair/typebox';
import { extractRegister } from '../extract/corporate.ts';
import type { RegisterFields } from '../extract/fields.ts';
import { Day, Text } from './schema-parts.ts';
import { has, type DocumentTypePlugin } from './plugin.ts';

export const registerParts: Pick<DocumentTypePlugin<string, RegisterFields>, 'schema' | 'extract' | 'keyFacts' | 'issueDate' | 'registrationNumber'> = {
  schema: Type.Object({
    company_name: Text,
    registration_number: Text,
    legal_form: Text,
    incorporation_date: Day,
    registered_address: Text,
    status: Text,
    issue_date: Day,
    jurisdiction: Text,
    issuing_authority: Text,
    directors: Type.Array(Type.String()),
  }),
  extract: (_doc, d) => extractRegister(d),
  keyFacts: (f) => [f.company_name, f.registration_number, f.issue_date ?? f.incorporation_date].map(has),
  issueDate: (f) => f.issue_date ?? null,
  registrationNumber: (f) => f.registration_number ?? null,
};

/** A company cannot be incorporated after the register speaks of it. */
export const incorporationBeforeExtract: Pick<DocumentTypePlugin<string, RegisterFields>, 'datePairs'> = {
  datePairs: (f) => [['incorporation date', f.incorporation_date, 'date of the extract', f.issue_date]],
};
