// Reads the fields of a document by its type. Pure: ReadDocument text (and e-invoice XML) in, fields out.
import type { ReadDocument } from '../document-model.ts';
import type { DocType } from '../document-types.ts';
import { findAmounts } from './amounts.ts';
import { extractCharter, extractContract } from './contract.ts';
import { extractRegister, extractShareholderRegister } from './corporate.ts';
import { findDates } from './dates.ts';
import type { DocText } from './doc-text.ts';
import type { AnyFields, OtherFields } from './fields.ts';
import { extractBankStatement, extractProofOfAddress } from './finance.ts';
import { extractIdentity } from './identity.ts';
import { extractInvoiceFromEInvoice, extractInvoiceFromText } from './invoice.ts';
import type { MrzFacts } from './mrz.ts';
import { companyNames } from './parties.ts';
import { extractInsurance, extractLicence } from './permits.ts';
import { extractBillOfLading } from './shipping.ts';

function extractOther(d: DocText): OtherFields {
  return {
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
  };
}

export function extractFields(type: DocType, doc: Pick<ReadDocument, 'einvoice'>, d: DocText, mrz: MrzFacts | null): AnyFields {
  switch (type) {
    case 'invoice': {
      const fromText = extractInvoiceFromText(d);
      return doc.einvoice ? extractInvoiceFromEInvoice(doc.einvoice, fromText) : fromText;
    }
    case 'contract':
      return extractContract(d);
    case 'charter_agreement':
      return extractCharter(d);
    case 'bill_of_lading':
      return extractBillOfLading(d);
    case 'bank_statement':
      return extractBankStatement(d);
    case 'proof_of_address':
      return extractProofOfAddress(d);
    case 'certificate_of_incorporation':
    case 'register_extract':
    case 'articles_of_association':
      return extractRegister(d);
    case 'shareholder_register':
      return extractShareholderRegister(d);
    case 'license':
      return extractLicence(d);
    case 'insurance_policy':
      return extractInsurance(d);
    case 'proof_of_identity':
      return extractIdentity(d, mrz);
    default:
      return extractOther(d);
  }
}
