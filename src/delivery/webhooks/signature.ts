// The webhook signature: `X-Dossier-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawbody">`
// with the client's secret. The receiver recomputes it over the raw body it received and rejects
// old timestamps, so a captured request cannot be replayed later.
import crypto from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Dossier-Signature';

export function signatureHeader(secret: string, rawBody: string, unixSeconds: number): string {
  const mac = crypto.createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** What a receiver does (the README shows the same in a few lines): true when the header is ours and fresh. */
export function verifySignature(secret: string, rawBody: string, header: string | undefined, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureHeader(secret, rawBody, t).split('v1=')[1]!, 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
