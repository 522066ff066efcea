// Renders the scanned invoices the scale-out benchmark uploads (JPEG pages of generated invoices,
// each with its own tilt and tint), in a process of their own so the benchmark's process loads no
// canvas: `tsx bench/scale/render-scans.ts <count> <folder>` writes <n>.jpg and <n>.json (the company).
import fs from 'node:fs';
import path from 'node:path';
import { buildCorpus } from '../../test/corpus/corpus.ts';
import { renderScan } from '../../test/corpus/render-scan.ts';

const [count, folder] = [Number(process.argv[2]), process.argv[3]!];
const invoices = buildCorpus({ perType: 4 }).filter((d) => d.kind === 'invoice');
for (let n = 0; n < count; n++) {
  const d = invoices[n % invoices.length]!;
  fs.writeFileSync(path.join(folder, `${n}.jpg`), (await renderScan(d, 1000 + n))[0]!);
  fs.writeFileSync(path.join(folder, `${n}.json`), JSON.stringify({ company: d.companyName }));
}
