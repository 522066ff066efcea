// The business description summary and whether a licence is required: pure rules, on examples.
import { describe, expect, it } from 'vitest';
import { isLicenceRequired, REGULATED_ACTIVITIES } from './license-required.ts';
import { businessSummary, toThirdPerson } from './summary.ts';

describe('business description summary', () => {
  it('puts the answers that say most in the third person, leaving greetings out', () => {
    const s = businessSummary({
      companyName: 'Oakfield Coffee Ltd',
      answers: ['Hello!', 'We are a coffee wholesaler. We import green coffee from Brazil, roast it and supply it to cafés across the UK. Thanks'],
      documents: [],
    });
    expect(s).toBe('Oakfield Coffee Ltd is a coffee wholesaler. Oakfield Coffee Ltd imports green coffee from Brazil, roasts it and supplies it to cafés across the UK.');
    expect(toThirdPerson('Our customers are shops and we deliver daily.', 'Acme Ltd')).toBe('Its customers are shops and it delivers daily.');
  });

  it('keeps a long description short', () => {
    const long = `We sell handmade furniture to hotels in Spain. ${'We also do many other things that take a lot of words to describe. '.repeat(20)}`;
    const s = businessSummary({ companyName: 'Acme Ltd', answers: [long], documents: [] });
    expect(s.length).toBeLessThanOrEqual(400);
    expect(s).toContain('Acme Ltd sells handmade furniture to hotels in Spain.');
  });

  it('reads what the documents show when there are no answers', () => {
    const s = businessSummary({
      companyName: 'Oakfield Coffee Ltd',
      answers: [],
      documents: [
        {
          type: 'invoice',
          fields: {
            seller: { name: 'OAKFIELD COFFEE LIMITED', country_code: 'GB' },
            buyer: { name: 'Alpine Foods AG', country_code: 'DE' },
            lines: [{ description: 'Roasted coffee beans' }, { description: 'Ground coffee' }],
          },
        },
        { type: 'license', fields: { activity: 'Food business operation', issuer: 'Bristol City Council' } },
      ],
    });
    expect(s).toBe(
      'Oakfield Coffee Ltd sells roasted coffee beans and ground coffee to customers such as Alpine Foods AG (Germany), as its documents show. Oakfield Coffee Ltd holds a licence for food business operation (issued by Bristol City Council).',
    );
  });

  it('says what a contract supplies, and what a company buys only as that', () => {
    const s = businessSummary({
      companyName: 'Nordic Timber AB',
      answers: [],
      documents: [
        {
          type: 'contract',
          fields: {
            parties: [
              { name: 'Nordic Timber AB', role: 'buyer' },
              { name: 'Baltic Wood SIA', role: 'seller', country_code: 'LV' },
            ],
            goods: ['Sawn pine timber'],
          },
        },
      ],
    });
    expect(s).toBe('Nordic Timber AB buys sawn pine timber from Baltic Wood SIA (Latvia), as its documents show.');
  });

  it('is empty when nothing is known', () => {
    expect(businessSummary({ companyName: 'X Ltd', answers: ['  '], documents: [{ type: 'invoice', fields: { lines: [] } }] })).toBe('');
  });
});

describe('is a licence required', () => {
  const q = (codes: [string, string][], country: string | null, more: { description?: string; licencesHeld?: number } = {}) =>
    isLicenceRequired({ codes: codes.map(([classification, code]) => ({ classification, code })), country, ...more });

  it('is true for a regulated activity by its codes, whatever the country', () => {
    expect(q([['UKSIC2007', '92000']], 'GB')).toMatchObject({ required: true, activity: 'gambling' });
    expect(q([['MCC', '4829']], null)).toMatchObject({ required: true, activity: 'money_transfer' });
    expect(q([['NACE', '66.19']], 'DE')).toMatchObject({ required: true, activity: 'payments_emoney' });
    expect(q([['NAICS', '524210']], 'US')).toMatchObject({ required: true, activity: 'insurance' });
    expect(q([['UKSIC2007', '64921']], 'GB')).toMatchObject({ required: true, activity: 'banking_lending' });
    expect(q([['UKSIC2007', '66300']], 'GB')).toMatchObject({ required: true, activity: 'investment' });
  });

  it('reads crypto from the description, which has no code of its own', () => {
    expect(q([['UKSIC2007', '62012']], 'GB', { description: 'We run a cryptocurrency exchange.' })).toMatchObject({ required: true, activity: 'crypto_assets' });
    expect(q([['UKSIC2007', '62012']], 'GB', { description: 'We build software for betting operators.' })).toMatchObject({ required: false });
  });

  it('is true when the company gave a licence, false for unregulated codes in a covered country, null otherwise', () => {
    expect(q([['UKSIC2007', '46370']], 'GB', { licencesHeld: 1 })).toMatchObject({ required: true, activity: null });
    expect(
      q(
        [
          ['UKSIC2007', '46370'],
          ['MCC', '5199'],
        ],
        'GB',
      ),
    ).toMatchObject({ required: false, listVersion: REGULATED_ACTIVITIES.version });
    expect(q([['UKSIC2007', '46370']], 'KY').required).toBeNull();
    expect(q([], 'GB').required).toBeNull();
  });
});
