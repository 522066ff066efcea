import { describe, expect, it } from 'vitest';
import { pickLang, formatBytes, t } from './i18n.ts';
import { validateAnswer } from './answers.ts';
import { rejectionText } from './dialog.view.ts';
import { presentFindings, isForUser } from './findings.ts';
import { dialogCsp, normalizeOrigin, parseOriginList } from '../lib/origins.ts';
import { MemoryRateLimitStore, limitWait } from '../db/rate-limit-store.ts';

describe('pickLang', () => {
  it('prefers the lang parameter, then Accept-Language by weight, then English', () => {
    expect(pickLang('de', 'en-GB')).toBe('de');
    expect(pickLang('DE-at', undefined)).toBe('de');
    expect(pickLang('fr', 'de')).toBe('fr');
    expect(pickLang('nl', 'nl-NL, de;q=0.8, en;q=0.5')).toBe('de');
    expect(pickLang(undefined, 'en;q=0.3, de-CH;q=0.9')).toBe('de');
    expect(pickLang(undefined, 'es-MX, en;q=0.5')).toBe('es');
    expect(pickLang(undefined, 'it-CH')).toBe('it');
    expect(pickLang(undefined, 'fr-BE;q=0.9, nl')).toBe('fr');
    expect(pickLang(undefined, 'nl, pl')).toBe('en');
    expect(pickLang(undefined, undefined)).toBe('en');
    expect(formatBytes('en', 25 * 1024 * 1024)).toBe('25 MB');
    expect(formatBytes('de', 1536 * 1024)).toBe('1,5 MB');
  });
});

describe('presentFindings', () => {
  const ctx = { file: 'invoice.pdf', name: 'Acme Trading Ltd', params: { counterparty: 'Globex GmbH', company: 'Acme Trading Ltd' } };

  it('says known findings in plain language and keeps analyst-only ones away from the user', () => {
    const shown = presentFindings(
      'en',
      [
        { issue_id: 'a-1', code: 'invoice_counterparty_mismatch', severity: 'warning', text: 'Buyer Initech LLC is not Globex GmbH' },
        { issue_id: 'b-1', code: 'text_not_read', severity: 'info', text: 'x' },
        { issue_id: 'c-1', code: 'document_possibly_edited', severity: 'warning', text: 'incremental updates' },
        { issue_id: 'd-1', code: 'company_name_absent', severity: 'warning', text: 'x' },
      ],
      ctx,
    );
    expect(shown.map((f) => f.issue_id)).toEqual(['a-1', 'd-1']);
    expect(shown[0]!.message).toBe(
      'The invoice invoice.pdf names another company than Globex GmbH, the other party of this payment. If there is a reason, for example a company paying on behalf of another, please explain; otherwise upload the right invoice.',
    );
    expect(presentFindings('de', [{ issue_id: 'd-1', code: 'company_name_absent', severity: 'warning', text: 'x' }], ctx)[0]!.message).toContain(
      'Wir haben den Namen Acme Trading Ltd in invoice.pdf nicht gefunden',
    );
  });

  it('shows an unknown code of warning or worse with the engine text, and hides unknown info', () => {
    expect(presentFindings('en', [{ issue_id: 'n-1', code: 'brand_new_rule', severity: 'critical', text: 'The stamp is missing.' }], ctx)[0]!.message).toBe(
      'Something in invoice.pdf may need your attention: The stamp is missing.',
    );
    expect(isForUser({ code: 'brand_new_note', severity: 'info' })).toBe(false);
  });
});

describe('origins', () => {
  it('accepts scheme, host and port only', () => {
    expect(normalizeOrigin('https://Bank.example/')).toBe('https://bank.example');
    expect(normalizeOrigin('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    expect(normalizeOrigin('https://bank.example:443')).toBe('https://bank.example');
    for (const bad of ['bank.example', 'https://bank.example/path', 'https://u:p@bank.example', 'javascript:alert(1)', 'https://bank.example?x=1', '*']) expect(normalizeOrigin(bad), bad).toBeNull();
    expect(parseOriginList('https://a.example, https://b.example  https://a.example')).toEqual(['https://a.example', 'https://b.example']);
    expect(() => parseOriginList('https://a.example nope')).toThrow(/"nope" is not an origin/);
  });

  it('frames the dialog only for the listed origins, with no inline script', () => {
    const csp = dialogCsp(['https://bank.example']);
    expect(csp).toContain("frame-ancestors 'self' https://bank.example");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(dialogCsp([])).toContain("frame-ancestors 'self'");
  });
});

describe('the dialog rate limit (one process)', () => {
  it('allows max requests per window per key, then says how long to wait', async () => {
    let now = 0;
    const clock = () => now;
    const store = new MemoryRateLimitStore(clock);
    const hit = (key: string) => limitWait(store, key, 2, 60_000, clock);
    expect([await hit('a'), await hit('a'), await hit('b')]).toEqual([0, 0, 0]);
    expect(await hit('a')).toBe(60);
    now = 30_000;
    expect(await hit('a')).toBe(30);
    now = 60_000;
    expect(await hit('a')).toBe(0);
    expect(await limitWait(store, 'x', 0, 1000, clock)).toBe(0);
  });
});

describe('answers in French, Spanish and Italian', () => {
  const ask = (lang: 'fr' | 'es' | 'it', text: string) =>
    validateAnswer(text, {
      kind: 'transaction_rationale',
      question: `${t(lang, 'step.transaction_rationale.title')} ${t(lang, 'step.transaction_rationale.prompt')}`,
      context: ['Acme Trading Ltd', 'Globex GmbH', 'Payment for 200 industrial pumps'],
    });

  it('takes a plain answer about the payment as on topic', () => {
    expect(ask('fr', "Il s'agit de l'achat de deux cents pompes pour leur usine ; la marchandise a été livrée en septembre.").reason).toBeNull();
    expect(ask('es', 'Es el pago de doscientas bombas que vendimos a su fábrica en septiembre.').reason).toBeNull();
    expect(ask('it', 'Si tratta del pagamento di duecento pompe vendute alla loro fabbrica a settembre.').reason).toBeNull();
  });

  it('refuses an answer about something else, with a sentence about the question', () => {
    const v = ask('fr', 'Mon sport préféré reste le tennis, surtout pendant les vacances au soleil.');
    expect(v.reason).toBe('off_topic');
    const prompt = { key: 'step.transaction_rationale.prompt' };
    expect(rejectionText('fr', { module: 'transaction_rationale', prompt }, v.reason!, v.params)).toMatch(/^Cela ne semble pas répondre à la question sur le motif du paiement\. /);
    expect(rejectionText('en', { module: 'follow_up', prompt: { literal: 'Where were the pumps delivered?' } }, 'off_topic', {})).toBe(
      'That does not seem to answer the question. Please read it again: “Where were the pumps delivered?”',
    );
  });
});
