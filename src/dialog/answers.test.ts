import { describe, expect, it } from 'vitest';
import { amountsIn, currenciesIn, parseAmount, partiesIn, validateAnswer, validateWebsite, type AnswerContext } from './answers.ts';
import { gibberish, stem, stemsMatch, suspiciousWord } from './text-signals.ts';

const rationale: AnswerContext = {
  kind: 'transaction_rationale',
  question: 'Reason for the payment. In a few sentences, please explain what this payment is for.',
  context: ['Acme Trading Ltd', 'Globex GmbH', 'Payment for 200 industrial pumps', 'EUR'],
  transaction: { company: 'Acme Trading Ltd', counterparty: 'Globex GmbH', amount: 15250.75, currency: 'EUR' },
  documentFacts: [],
};
const followUp: AnswerContext = { kind: 'follow_up', question: 'Delivery. Where were the pumps delivered?', context: ['Acme Trading Ltd', 'Globex GmbH'] };

describe('text signals', () => {
  it('reads keyboard runs, letter runs and consonant clusters as not words', () => {
    for (const w of ['asdf', 'qwertz', 'sdkjfh', 'hjkl', 'aaaaaa', 'xxxx', 'fjfjfjfj', 'lorem']) expect(suspiciousWord(w), w).not.toBeNull();
    for (const w of ['delivery', 'Schwarzschild', 'strengths', 'GmbH', 'HMRC', 'Angstschweiß', 'Lieferung', 'rhythm']) expect(suspiciousWord(w), w).toBeNull();
  });

  it('tells gibberish from sentences, in English and German', () => {
    expect(gibberish('asdf asdf jkjkjk sdfsdf').gibberish).toBe(true);
    expect(gibberish('sdkjfh ksjdhf lkjsdf qwpoeiru').gibberish).toBe(true);
    expect(gibberish('12345 !!! ??? 678').reason).toBe('not_letters');
    expect(gibberish('pumps pumps pumps pumps pumps pumps').reason).toBe('repetitive');
    expect(gibberish('We sold 200 industrial pumps to Globex GmbH for their plant in Berlin.').gibberish).toBe(false);
    expect(gibberish('Wir haben 200 Pumpen an die Globex GmbH für ihr Werk in Berlin verkauft.').gibberish).toBe(false);
  });

  it('stems light endings so related words match', () => {
    expect(stemsMatch(stem('delivered'), stem('delivery'))).toBe(true);
    expect(stemsMatch(stem('pumps'), stem('pump'))).toBe(true);
    expect(stemsMatch(stem('invoices'), stem('invoice'))).toBe(true);
    expect(stemsMatch(stem('transport'), stem('transaction'))).toBe(false);
  });
});

describe('validateAnswer', () => {
  it('refuses empty, unreadable and too short answers, with the reason', () => {
    expect(validateAnswer('   ', rationale).reason).toBe('empty');
    expect(validateAnswer('asdf qwer jkl; sdfgh', rationale).reason).toBe('gibberish');
    expect(validateAnswer('Pumps for Globex.', rationale)).toMatchObject({ ok: false, reason: 'too_short', params: { min: '6' } });
    expect(validateAnswer('yes', followUp)).toMatchObject({ ok: false, reason: 'too_short' });
  });

  it('refuses an answer that shares nothing with the question, the module or the case', () => {
    const v = validateAnswer('My favourite hobby is playing tennis on weekends with my friends.', rationale);
    expect(v).toMatchObject({ ok: false, reason: 'off_topic', params: { question: rationale.question } });
    expect(v.explanation).toContain('tennis');
    expect(validateAnswer('I really enjoy cooking pasta with tomatoes and fresh basil leaves every evening.', followUp).reason).toBe('off_topic');
  });

  it('accepts on-topic answers, including short ones to free questions', () => {
    expect(validateAnswer('Globex GmbH bought 200 industrial pumps from us; this payment settles our invoice for them.', rationale).ok).toBe(true);
    expect(validateAnswer('To our warehouse in Hamburg', followUp).ok).toBe(true);
    const business = { kind: 'business_description' as const, question: 'Please describe what Acme does.', context: ['Acme Trading Ltd'] };
    expect(validateAnswer('We are a wholesale distributor of industrial pumps and valves for customers across Europe.', business).ok).toBe(true);
    expect(validateAnswer('Wir sind ein Großhändler für Industriepumpen und beliefern Kunden in ganz Europa.', business).ok).toBe(true);
  });

  it('checks the rationale against the payment and the documents', () => {
    expect(validateAnswer('Globex GmbH paid us 9,000 USD for 200 industrial pumps we delivered in September.', rationale)).toMatchObject({
      ok: false,
      reason: 'inconsistent_currency',
      params: { mentioned: 'USD', expected: 'EUR' },
    });
    expect(validateAnswer('Globex GmbH paid 12,000.00 EUR for 200 industrial pumps we delivered to them.', rationale)).toMatchObject({ ok: false, reason: 'inconsistent_amount' });
    expect(validateAnswer('Globex GmbH paid 15,250.75 EUR for 200 industrial pumps we delivered to them.', rationale).ok).toBe(true);
    expect(validateAnswer('Globex GmbH paid the first instalment of 12,000 EUR for pumps we delivered.', rationale).ok).toBe(true);
    const party = validateAnswer('We sold 200 pumps to Initech LLC, and Globex paid the invoice for them.', rationale);
    expect(party).toMatchObject({ ok: false, reason: 'inconsistent_party', params: { name: 'Initech LLC' } });
    // The same answer is consistent once a document names that company and the amount.
    expect(validateAnswer('We sold 200 pumps to Initech LLC, and Globex paid the invoice for them.', { ...rationale, documentFacts: ['Bill to: Initech LLC'] }).ok).toBe(true);
    expect(validateAnswer('Globex paid 12,000.00 EUR for the pumps we delivered to their plant.', { ...rationale, documentFacts: ['12000.00'] }).ok).toBe(true);
  });

  it('reads amounts, currencies and company names', () => {
    expect(parseAmount('15,250.75')).toBe(15250.75);
    expect(parseAmount('15.250,75')).toBe(15250.75);
    expect(parseAmount('15 250')).toBe(15250);
    expect(parseAmount('12,5')).toBe(12.5);
    expect(amountsIn('we paid €1,200.50 and then 300 EUR')).toEqual([
      { raw: '€1,200.50', value: 1200.5, currency: 'EUR' },
      { raw: '300 EUR', value: 300, currency: 'EUR' },
    ]);
    expect(currenciesIn('paid in US dollars and GBP')).toEqual(['GBP', 'USD']);
    expect(partiesIn('We invoiced Initech LLC and Globex GmbH.')).toEqual(['Initech LLC', 'Globex GmbH']);
  });
});

describe('validateWebsite', () => {
  it('accepts addresses with or without a scheme and normalises them', () => {
    expect(validateWebsite('acme-trading.co.uk')).toEqual({ ok: true, url: 'https://acme-trading.co.uk' });
    expect(validateWebsite('http://www.Acme.example/about')).toEqual({ ok: true, url: 'http://www.acme.example/about' });
    expect(validateWebsite('https://münchen.de')).toEqual({ ok: true, url: 'https://xn--mnchen-3ya.de' });
  });

  it('refuses what is not a public web address', () => {
    for (const bad of [
      'acme',
      'acme trading ltd',
      'ftp://acme.example',
      'http://localhost',
      'http://10.0.0.1',
      'https://user:pw@acme.example',
      'acme.',
      'javascript:alert(1)',
      'https://acme.example:8080',
    ]) {
      expect(validateWebsite(bad).ok, bad).toBe(false);
    }
    expect(validateWebsite('').ok).toBe(false);
  });
});
