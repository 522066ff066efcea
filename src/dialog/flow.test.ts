import { describe, expect, it } from 'vitest';
import { MODULES_BY_CONTEXT, type ConversationKind } from '../cases/modules.ts';
import { buildFlow, type ModuleSpec } from './flow.ts';
import { catalogues, LANGUAGES, t } from './i18n.ts';
import { render } from './dialog.view.ts';

const caseData = {
  company_full_name: 'Acme Trading Ltd',
  user_full_name: 'Jane Public',
  trx_direction: 'incoming' as const,
  trx_counterparty_full_name: 'Globex GmbH',
  trx_amount: 15250.75,
  trx_currency: 'EUR',
  trx_date: '2026-10-01',
  trx_ref_number: 'TRX-2026-0042',
};

function modulesOf(kind: ConversationKind): ModuleSpec[] {
  return MODULES_BY_CONTEXT[kind].map((module) =>
    module === 'other_document'
      ? { module, document_name: 'Packing list', question: 'Please upload the packing list.' }
      : module === 'follow_up'
        ? { module, subject: 'Delivery', question: 'Where were the goods delivered?' }
        : { module },
  );
}

describe('buildFlow', () => {
  it.each(Object.keys(MODULES_BY_CONTEXT) as ConversationKind[])('has one step with texts in every language for every module of %s', (kind) => {
    const flow = buildFlow({ kind, modules: modulesOf(kind), caseData, requester: 'Bank A' });
    expect(flow.steps.map((s) => s.module).sort()).toEqual([...MODULES_BY_CONTEXT[kind]].sort());
    for (const s of flow.steps) {
      for (const lang of LANGUAGES) {
        for (const m of [s.title, s.prompt]) {
          const text = render(lang, m);
          expect(text, `${s.module} ${lang}`).not.toMatch(/^step\.|\{\w+\}/);
          expect(text.length).toBeGreaterThan(3);
        }
      }
    }
  });

  it('orders documents before the explanation and free questions last, keeping the client order among equals', () => {
    const flow = buildFlow({
      kind: 'monitoring',
      modules: [
        { module: 'follow_up', subject: 'A', question: 'First?' },
        { module: 'transaction_rationale' },
        { module: 'website' },
        { module: 'other_document', document_name: 'Packing list', question: 'Upload it.' },
        { module: 'contract' },
        { module: 'invoice' },
        { module: 'follow_up', subject: 'B', question: 'Second?' },
      ],
      caseData,
      requester: 'Bank A',
    });
    expect(flow.steps.map((s) => s.key)).toEqual(['5:invoice', '4:contract', '3:other_document', '2:website', '1:transaction_rationale', '0:follow_up', '6:follow_up']);
    expect(flow.steps.map((s) => s.kind)).toEqual(['upload', 'upload', 'upload', 'url', 'text', 'text', 'text']);
    expect(flow.steps.find((s) => s.module === 'other_document')).toMatchObject({ verifyAs: null, title: { literal: 'Packing list' }, prompt: { literal: 'Upload it.' } });
    expect(flow.steps.find((s) => s.module === 'invoice')).toMatchObject({ verifyAs: 'invoice', verifyName: 'Acme Trading Ltd' });
  });

  it('greets with who asks and why, and the transaction for monitoring', () => {
    const flow = buildFlow({ kind: 'monitoring', modules: [{ module: 'invoice' }], caseData, requester: 'Bank A' });
    expect(flow.greeting.lines.map((m) => render('en', m))).toEqual(['Hello Jane Public.', 'Bank A asks Acme Trading Ltd for some information about this payment:']);
    const facts = flow.greeting.facts.map((f) => `${render('en', f.label)}: ${render('en', f.value)}`);
    expect(facts).toEqual(['Payment: received by Acme Trading Ltd', 'Amount: €15,250.75', 'From: Globex GmbH', 'Date: 1 October 2026', 'Reference: TRX-2026-0042']);
    expect(flow.greeting.facts.map((f) => render('de', f.value).replace(/\s/g, ' '))).toContain('15.250,75 €');
    expect(render('en', flow.greeting.after[0]!)).toBe('It takes one short step.');
    expect(render('en', flow.steps[0]!.prompt)).toBe('Please upload the invoice Acme Trading Ltd issued to Globex GmbH for this payment.');
    const outgoing = buildFlow({ kind: 'monitoring', modules: [{ module: 'invoice' }], caseData: { ...caseData, trx_direction: 'outgoing' }, requester: 'Bank A' });
    expect(outgoing.greeting.facts.map((f) => render('en', f.label))).toContain('To');
    const onboarding = buildFlow({ kind: 'onboarding', modules: [{ module: 'documents_verification' }], caseData: { company_full_name: 'Acme Trading Ltd' }, requester: 'Bank A' });
    expect(onboarding.greeting.facts).toEqual([]);
    expect(render('de', onboarding.greeting.lines[1]!)).toContain('eröffnet ein Konto für Acme Trading Ltd');
  });

  it('checks an identity document against the person, not the company', () => {
    const flow = buildFlow({ kind: 'onboarding_follow_up', modules: [{ module: 'proof_of_identity' }], caseData, requester: 'Bank A' });
    expect(flow.steps[0]).toMatchObject({ verifyAs: 'proof_of_identity', verifyName: 'Jane Public' });
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('gives every catalogue key a translation in %s with the same placeholders', (lang) => {
    expect(Object.keys(catalogues[lang]).sort()).toEqual(Object.keys(catalogues.en).sort());
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, en] of Object.entries(catalogues.en)) expect(names(catalogues[lang][key]!), `${lang} ${key}`).toEqual(names(en));
    for (const [key, text] of Object.entries(catalogues[lang])) expect(text.trim(), `${lang} ${key}`).not.toBe('');
  });

  it('fills placeholders in every language', () => {
    expect(t('de', 'page.progress', { current: '2', total: '5' })).toBe('Schritt 2 von 5');
    expect(t('fr', 'page.progress', { current: '2', total: '5' })).toBe('Étape 2 sur 5');
    expect(t('es', 'page.progress', { current: '2', total: '5' })).toBe('Paso 2 de 5');
    expect(t('it', 'page.progress', { current: '2', total: '5' })).toBe('Passaggio 2 di 5');
    expect(t('fr', 'fact.value', { value: { date: '2026-10-01' } })).toBe('1 octobre 2026');
  });
});
