// Which list format a file is in, from its first bytes: XML by its root element, JSON lines by
// their FollowTheMoney shape, CSV by its first row. Unknown content is refused by name.
import fs from 'node:fs';

export const FORMATS = ['ofac-csv', 'ofac-xml', 'un-xml', 'eu-xml', 'uk-csv', 'ftm'] as const;
export type ListFormat = (typeof FORMATS)[number];

/** The list a format's file is by default, and what a hit on it means. */
export const FORMAT_DEFAULTS: Record<ListFormat, { name: string; topic: 'sanctions' | 'pep' }> = {
  'ofac-csv': { name: 'ofac-sdn', topic: 'sanctions' },
  'ofac-xml': { name: 'ofac-sdn', topic: 'sanctions' },
  'un-xml': { name: 'un-consolidated', topic: 'sanctions' },
  'eu-xml': { name: 'eu-fsf', topic: 'sanctions' },
  'uk-csv': { name: 'uk-ofsi', topic: 'sanctions' },
  ftm: { name: 'ftm', topic: 'pep' },
};

export function detectFormat(head: string): ListFormat | null {
  const t = head.replace(/^\uFEFF/, '').trimStart();
  if (t.startsWith('<')) {
    const root = /<(?!\?|!)([\w:]+)/.exec(t.replace(/<!--[\s\S]*?-->/g, ''))?.[1]?.replace(/^\w+:/, '');
    if (root === 'sdnList') return 'ofac-xml';
    if (root === 'CONSOLIDATED_LIST') return 'un-xml';
    if (root === 'export' && /sanctionEntity/.test(t)) return 'eu-xml';
    return null;
  }
  if (t.startsWith('{')) return /"schema"\s*:/.test(t.split('\n')[0] ?? '') ? 'ftm' : null;
  const first = t.split(/\r?\n/)[0] ?? '';
  if (/^\d+,"[^"]*",/.test(first) && /-0-/.test(t)) return 'ofac-csv';
  if (/^"?Last Updated"?,/i.test(first)) return 'uk-csv';
  return null;
}

/** Reads the first 64 KiB of a file and detects its format. */
export function detectFileFormat(file: string): ListFormat | null {
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.alloc(65536);
    const n = fs.readSync(fd, buf, 0, buf.length, 0);
    return detectFormat(buf.subarray(0, n).toString('utf8'));
  } finally {
    fs.closeSync(fd);
  }
}
