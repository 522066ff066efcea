import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureHeader, verifySignature } from './signature.ts';

describe('webhook signature', () => {
  const body = '{"event":"chat_finished","case_id":"c"}';

  it('is t=<unix>,v1=<hex HMAC-SHA256 of "t.rawbody">', () => {
    const expected = crypto.createHmac('sha256', 's3cret').update(`1700000000.${body}`).digest('hex');
    expect(signatureHeader('s3cret', body, 1700000000)).toBe(`t=1700000000,v1=${expected}`);
  });

  it('verifies a fresh signature and refuses a changed body, another secret or an old timestamp', () => {
    const h = signatureHeader('s3cret', body, 1700000000);
    expect(verifySignature('s3cret', body, h, 1700000010)).toBe(true);
    expect(verifySignature('s3cret', `${body} `, h, 1700000010)).toBe(false);
    expect(verifySignature('other', body, h, 1700000010)).toBe(false);
    expect(verifySignature('s3cret', body, h, 1700000000 + 301)).toBe(false);
    expect(verifySignature('s3cret', body, undefined, 1700000000)).toBe(false);
    expect(verifySignature('s3cret', body, 't=1700000000,v1=abc', 1700000000)).toBe(false);
  });
});
