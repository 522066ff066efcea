// A synthetic list in OFAC's legacy CSV format, as large as asked, whose names follow the token
// distribution of the real SDN list: for each kind (individual, entity, vessel) the name lengths,
// and each token drawn by its frequency in the real names; birth dates and nationalities in the
// remarks as OFAC writes them. Deterministic (a fixed seed).
import fs from 'node:fs';
import { once } from 'node:events';
import { csvRecords } from '../../src/screening/formats/csv.ts';

export interface SdnRecord {
  id: string;
  name: string;
  type: string;
  remarks: string;
}

export async function readSdn(file: string): Promise<SdnRecord[]> {
  const out: SdnRecord[] = [];
  const clean = (v: string | undefined) => ((v ?? '').trim() === '-0-' ? '' : (v ?? '').trim());
  for await (const r of csvRecords(file)) out.push({ id: clean(r[0]), name: clean(r[1]), type: clean(r[2]), remarks: clean(r[11]) });
  return out;
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const NATIONS = ['Russia', 'Iran', 'Syria', 'Cuba', 'Venezuela', 'Lebanon', 'Iraq', 'China', 'Mexico', 'Colombia', 'Belarus', 'Korea, North'];

export async function generateList(sdn: SdnRecord[], count: number, file: string): Promise<void> {
  const random = rng(20240503);
  const kinds = ['individual', '', 'vessel'] as const;
  const model = new Map<string, { lengths: number[]; tokens: string[] }>();
  for (const k of kinds) model.set(k, { lengths: [], tokens: [] });
  for (const e of sdn) {
    const m = model.get(e.type === 'individual' || e.type === 'vessel' ? e.type : '');
    if (!m) continue;
    const tokens = e.name.replace(/,/g, ' ').split(/\s+/).filter(Boolean);
    m.lengths.push(tokens.length);
    m.tokens.push(...tokens);
  }
  const share = { individual: 0.5, '': 0.45, vessel: 0.05 };
  const out = fs.createWriteStream(file);
  for (let i = 0; i < count; i++) {
    const x = random();
    const kind = x < share.individual ? 'individual' : x < share.individual + share[''] ? '' : 'vessel';
    const m = model.get(kind)!;
    const n = m.lengths[Math.floor(random() * m.lengths.length)]!;
    const tokens = Array.from({ length: n }, () => m.tokens[Math.floor(random() * m.tokens.length)]!);
    const name = kind === 'individual' && tokens.length > 1 ? `${tokens.slice(-1)[0]}, ${tokens.slice(0, -1).join(' ')}` : tokens.join(' ');
    const remarks =
      kind === 'individual'
        ? `"DOB ${String(1 + Math.floor(random() * 28)).padStart(2, '0')} ${MONTHS[Math.floor(random() * 12)]} ${1940 + Math.floor(random() * 60)}; nationality ${NATIONS[Math.floor(random() * NATIONS.length)]}."`
        : '-0- ';
    const line = `${100000 + i},"${name.replace(/"/g, '')}",${kind ? `"${kind}"` : '-0- '},"SYNTH",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,${remarks}\r\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}
