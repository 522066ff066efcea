// biome-ignore-all format: word lists read better packed, a paragraph a language
// The contract document type: an agreement between parties: who, when, for how long, about which goods and for how much.
import { Type } from '@sinclair/typebox';
import type { ContractFields } from '../extract/fields.ts';
import { extractContract } from '../extract/contract.ts';
import { contractPartiesRule } from '../rules/party-rules.ts';
import { contractCounterpartyRule } from '../rules/invoice-rules.ts';
import { Amount, Day, Party, Text } from './schema-parts.ts';
import { has, type DocumentTypePlugin } from './plugin.ts';

export const contract: DocumentTypePlugin<'contract', ContractFields> = {
  type: 'contract',
  label: 'contract',
  requests: ['contract', 'contract_with_client', 'contract_from_supplier'],
  servesRequests: ['charter_agreement', 'charter_party'],
  clientRoles: { contract_with_client: 'seller', contract_from_supplier: 'buyer' },
  modules: ['contract', 'contract_with_client', 'contract_from_supplier'],
  keywords: [
    // English
    ['contract', 4, 12], ['agreement', 3, 12], ['sales contract', 5], ['purchase agreement', 5], ['supply agreement', 5], ['service agreement', 5],
    ['framework agreement', 5], ['lease agreement', 5], ['license agreement', 5], ['licence agreement', 5], ['memorandum of understanding', 5],
    ['hereinafter', 3], ['whereas', 3], ['in witness whereof', 3], ['witnesseth', 3], ['now therefore', 3], ['agree as follows', 3],
    ['governing law', 3], ['by and between', 3], ['licensor', 3], ['the parties', 2], ['entered into', 2], ['signed for and on behalf', 2],
    ['in consideration of', 2], ['hereby agree', 2], ['party a', 2], ['party b', 2], ['first party', 2], ['second party', 2], ['indemnify', 2],
    ['termination', 1], ['the seller', 1], ['the buyer', 1], ['obligations', 1], ['effective date', 1], ['confidentiality', 1],
    // German
    ['*vertrag', 4, 12], ['*vereinbarung', 3, 12], ['kaufvertrag', 5], ['liefervertrag', 5], ['vertragsparteien', 3], ['vertragsgegenstand', 3],
    ['im folgenden', 2], ['gerichtsstand', 2], ['auftraggeber', 2], ['auftragnehmer', 2], ['schlussbestimmungen', 2], ['kündigung', 1],
    // French
    ['contrat', 4, 12], ['convention', 2, 8], ['entre les soussignés', 3], ['ci après dénommé', 3], ['il a été convenu', 3], ['objet du contrat', 3],
    ['les parties', 2], ['droit applicable', 2], ['résiliation', 1],
    // Spanish
    ['contrato', 4, 12], ['acuerdo', 3, 12], ['convenio', 3, 12], ['en adelante', 3], ['exponen', 3], ['objeto del contrato', 3], ['las partes', 2],
    ['reunidos', 2], ['cláusulas', 2], ['ley aplicable', 2],
    // Italian
    ['contratto', 4, 12], ['accordo', 3, 12], ['premesso che', 3], ['si conviene', 3], ['oggetto del contratto', 3], ['le parti', 2],
    ['di seguito', 2], ['legge applicabile', 2], ['recesso', 1],
    // Dutch
    ['*overeenkomst', 4, 12], ['hierna te noemen', 3], ['in aanmerking nemende', 3], ['komen overeen', 3], ['ondergetekenden', 3], ['partijen', 2],
    ['toepasselijk recht', 2],
    // Portuguese
    ['acordo', 3, 12], ['doravante', 3], ['contratante', 3], ['contratada', 3], ['as partes', 2], ['cláusula', 1],
    // Polish
    ['umowa', 4, 12], ['zwana dalej', 3], ['zwanym dalej', 3], ['przedmiot umowy', 3], ['zawarta', 2], ['zamawiający', 2], ['wykonawca', 2], ['strony', 1],
  ],
  schema: Type.Object({
    contract_number: Text,
    title: Text,
    signing_date: Day,
    effective_date: Day,
    expiry_date: Day,
    parties: Type.Array(Type.Intersect([Party, Type.Object({ role: Text })])),
    goods: Type.Array(Type.String()),
    total_value: Amount,
    currency: Text,
  }),
  extract: (_doc, d) => extractContract(d),
  keyFacts: (f) => {
    const named = f.parties.filter((p) => p.name).length;
    return [named >= 1, named >= 2, has(f.effective_date ?? f.signing_date)];
  },
  issueDate: (f) => f.signing_date ?? null,
  datePairs: (f) => [
    ['effective date', f.effective_date, 'expiry', f.expiry_date],
    ['signing date', f.signing_date, 'expiry', f.expiry_date],
  ],
  holderRules: (doc, ctx) => contractPartiesRule(doc.fields, ctx),
  contentRules: (doc, ctx) => contractCounterpartyRule(doc.fields, ctx, doc.text.text),
  parties: (f) => (f.parties ?? []).map((p) => p.name),
  goods: (f) => f.goods ?? [],
};
