// Stable ids of screening rows, from what identifies them.
import crypto from 'node:crypto';

export function hashId(...parts: string[]): string {
  return crypto.createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 32);
}
