// biome-ignore-all format: word lists read better packed, a paragraph a language
// The company register extract document type: an extract of a company register: name, number, legal form, address, officers.
import type { RegisterFields } from '../extract/fields.ts';
import { incorporationBeforeExtract, registerParts } from './company-register.ts';
import type { DocumentTypePlugin } from './plugin.ts';

export const registerExtract: DocumentTypePlugin<'register_extract', RegisterFields> = {
  type: 'register_extract',
  label: 'company register extract',
  requests: ['register_extract', 'official_registers', 'company_registration'],
  servesRequests: ['certificate_of_incorporation'],
  modules: [],
  keywords: [
    ['register extract', 6], ['extract from the register', 6], ['commercial register', 5], ['companies register', 4], ['company register', 4],
    ['handelsregister', 4], ['handelsregisterauszug', 6], ['registre du commerce', 5], ['extrait kbis', 6], ['kbis', 4],
    ['registergericht', 3], ['amtsgericht', 2], ['aktueller abdruck', 4], ['chronologischer abdruck', 4], ['company status', 3],
    ['date of incorporation', 2], ['registered office', 1], ['company number', 2], ['registration number', 1], ['officers', 1],
    ['business register', 4], ['trade register', 4], ['kamer van koophandel', 5], ['uittreksel handelsregister', 6],
    ['registro mercantil', 5], ['registro delle imprese', 5], ['visura camerale', 6], ['certidão permanente', 6], ['odpis z krs', 6],
    ['krajowy rejestr sądowy', 5],
    ['certificate of good standing', 7], ['good standing', 6], ['full force and effect', 6], ['certificate of status', 6], ['certificate of existence', 6],
    // Filings that restate the register's entry: the UK confirmation statement, an annual return (Hong Kong's NAR1, Ireland's B1).
    ['confirmation statement', 7], ['annual return', 5],
    ['certificate of continued existence', 6], ['custody of the records', 3], ['business entities', 1], ['certificate of fact', 5], ['active status', 2], ['legal corporate existence', 5], ['records of this office show', 3],
  ],
  ...registerParts,
  ...incorporationBeforeExtract,
};
