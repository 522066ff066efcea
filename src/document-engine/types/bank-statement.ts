// biome-ignore-all format: word lists read better packed, a paragraph a language
// The bank statement document type: a statement of a bank account: holder, account, period, balances.
import { Type } from '@sinclair/typebox';
import type { BankStatementFields } from '../extract/fields.ts';
import { extractBankStatement } from '../extract/finance.ts';
import { bankStatementHolderRule } from '../rules/party-rules.ts';
import { Amount, Day, Period, Text } from './schema-parts.ts';
import { has, type DocumentTypePlugin } from './plugin.ts';

export const bankStatement: DocumentTypePlugin<'bank_statement', BankStatementFields> = {
  type: 'bank_statement',
  label: 'bank statement',
  requests: ['bank_statement', 'bank_statement_business_activity'],
  servesRequests: ['proof_of_address', 'company_proof_of_address'],
  modules: ['bank_statement_business_activity'],
  keywords: [
    ['bank statement', 6], ['statement of account', 6], ['account statement', 6], ['kontoauszug', 6], ['relevé de compte', 6],
    ['extracto bancario', 6], ['extracto de cuenta', 6], ['estratto conto', 6], ['rekeningafschrift', 6], ['bankafschrift', 6],
    ['extrato bancário', 6], ['extrato de conta', 6], ['wyciąg bankowy', 6], ['wyciąg z rachunku', 6], ['opening balance', 4],
    ['closing balance', 4], ['balance brought forward', 4], ['balance carried forward', 4], ['alter kontostand', 4], ['neuer kontostand', 4],
    ['solde initial', 4], ['solde final', 4], ['saldo inicial', 4], ['saldo final', 4], ['saldo iniziale', 4], ['saldo finale', 4],
    ['beginsaldo', 4], ['eindsaldo', 4], ['saldo początkowe', 4], ['saldo końcowe', 4], ['statement period', 3], ['account holder', 2],
    ['sort code', 2], ['debit', 1], ['credit', 1], ['balance', 1], ['iban', 1], ['balance last statement', 4], ['balance this statement', 4],
    ['account balance summary', 3], ['deposits and other credits', 3], ['other debits', 2], ['statement date', 2], ['savings bank', 2], ['credit union', 2],
    ['new transactions', 2], ['payments refunds', 2], ['available credit', 2], ['credit limit', 1],
    // Nordic, Finnish, Portuguese, Turkish, Greek; the opening and closing words of French and Italian statements.
    ['kontoutdrag', 6], ['kontoudtog', 6], ['kontoutskrift', 6], ['tiliote', 6], ['extrato', 5], ['hesap özeti', 6], ['hesap ekstresi', 6],
    ['αντίγραφο κίνησης λογαριασμού', 6], ['ingående saldo', 4], ['utgående saldo', 4], ['inngående saldo', 4], ['alkusaldo', 4], ['loppusaldo', 4],
    ['saldo anterior', 3], ['saldo atual', 3], ['devreden bakiye', 4], ['ancien solde', 4], ['nouveau solde', 4], ['saldo contabile', 2],
    // A US summary box, German and Swiss carried balances, brought-forward rows, a mobile-money statement's columns.
    ['beginning balance', 4], ['ending balance', 4], ['checking summary', 4], ['savings summary', 4], ['deposits and additions', 3], ['checks paid', 3],
    ['electronic withdrawals', 3], ['saldovortrag', 4], ['schlusssaldo', 4], ['balance b f', 3], ['balance c f', 3], ['paid in', 1], ['paid out', 2],
    ['withdrawn', 1], ['detailed statement', 3], ['completion time', 2],
    // Belgian Dutch and Hungarian statements: their titles and their opening and closing words.
    ['rekeninguittreksel', 6], ['vorig saldo', 4], ['nieuw saldo', 4], ['zichtrekening', 2], ['számlakivonat', 6], ['nyitó egyenleg', 4],
    ['záró egyenleg', 4],
  ],
  schema: Type.Object({
    bank_name: Text,
    account_holder: Text,
    iban: Text,
    account_number: Text,
    currency: Text,
    period: Period,
    statement_date: Day,
    opening_balance: Amount,
    closing_balance: Amount,
    address: Text,
  }),
  extract: (_doc, d) => extractBankStatement(d),
  keyFacts: (f) => [f.account_holder, f.iban ?? f.account_number, f.period ?? f.statement_date, f.closing_balance].map(has),
  issueDate: (f) => f.statement_date ?? f.period?.to ?? null,
  holderRules: (doc, ctx) => bankStatementHolderRule(doc.fields, ctx),
};
