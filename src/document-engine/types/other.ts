// A document of no known type: the dates, amounts with a currency and company names it holds, so a
// person (and the rationale and cross-document rules) can still use them.
import { Type } from '@sinclair/typebox';
import { findAmounts } from '../extract/amounts.ts';
import { findDates } from '../extract/dates.ts';
import type { OtherFields } from '../extract/fields.ts';
import { companyNames } from '../extract/parties.ts';
import type { DocumentTypePlugin } from './plugin.ts';

export const other: DocumentTypePlugin<'other', OtherFields> = {
  type: 'other',
  label: 'other document',
  requests: [],
  modules: [],
  keywords: [],
  schema: Type.Object({ dates: Type.Array(Type.String()), amounts: Type.Array(Type.String()), companies: Type.Array(Type.String()) }),
  extract: (_doc, d) => ({
    dates: [...new Set(findDates(d.text, d.order).map((x) => x.iso))].slice(0, 20),
    amounts: [
      ...new Set(
        d.lines.flatMap((l) =>
          findAmounts(l.text, d.style)
            .filter((a) => a.currency)
            .map((a) => a.value),
        ),
      ),
    ].slice(0, 20),
    companies: companyNames(d.lines)
      .map((c) => c.name)
      .slice(0, 20),
  }),
  keyFacts: () => [false],
  issueDate: () => null,
};
