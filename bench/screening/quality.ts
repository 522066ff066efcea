// How well names alone are told apart (npx tsx bench/screening/quality.ts; also part of
// npm run bench:screening): the labelled benchmark (labelled.ts, persons and companies, hard
// negatives) and the OFAC alias pairs (pairs.ts), scored by the product's own matcher with names
// only. Precision, recall and F1 per kind at several thresholds, the share of each variant at or
// above the default threshold. Needs ../shared/data/sanctions/sdn.csv; results go to
// bench/results/screening-quality.json and the pairs with their scores to screening-benchmark.csv.
import fs from 'node:fs';
import path from 'node:path';
import { MATCHER_VERSION } from '../../src/screening/match.ts';
import { readSdn } from './generate.ts';
import { benchmarkPairs } from './labelled.ts';
import { labelledPairs, scorePairs } from './pairs.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SDN = path.resolve(ROOT, '..', 'shared', 'data', 'sanctions', 'sdn.csv');
export const THRESHOLDS = [0.75, 0.8, 0.85, 0.9, 0.92];

export async function measureQuality() {
  const sdn = await readSdn(SDN);
  const bench = benchmarkPairs(sdn);
  const byKind = Object.fromEntries(
    (['person', 'company'] as const).map((kind) => {
      const { scored: _s, ...summary } = scorePairs(
        bench.filter((p) => p.kind === kind),
        THRESHOLDS,
      );
      return [kind, summary];
    }),
  );
  const all = scorePairs(bench, THRESHOLDS);
  const ofac = scorePairs(labelledPairs(sdn), [0.8, 0.85, 0.9, 0.92]);
  const lines = ['label,kind,variant,score,name_a,name_b'];
  for (const p of all.scored) lines.push([p.match ? 1 : 0, p.kind, JSON.stringify(p.variant), p.score.toFixed(3), JSON.stringify(p.a), JSON.stringify(p.b)].join(','));
  fs.writeFileSync(path.join(ROOT, 'bench', 'results', 'screening-benchmark.csv'), `${lines.join('\n')}\n`);
  const { scored: _a, ...allSummary } = all;
  const { scored: _o, ...ofacSummary } = ofac;
  return { matcher_version: MATCHER_VERSION, benchmark: { ...allSummary, by_kind: byKind }, ofac_alias_pairs: ofacSummary };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!fs.existsSync(SDN)) {
    console.log(`needs ${SDN} (the OFAC SDN list, public domain), absent here: nothing measured.`);
  } else {
    const q = await measureQuality();
    fs.writeFileSync(path.join(ROOT, 'bench', 'results', 'screening-quality.json'), `${JSON.stringify({ date: new Date().toISOString(), ...q }, null, 1)}\n`);
    for (const kind of ['person', 'company'] as const) {
      const k = q.benchmark.by_kind[kind]!;
      console.log(`${kind}: ${k.pairs} pairs (${k.positives} same, ${k.negatives} different)`);
      for (const a of k.at) console.log(`  ${a.threshold}: P ${a.precision} R ${a.recall} F1 ${a.f1}`);
      console.log('  at 0.85 by variant:', JSON.stringify(k.at.find((a) => a.threshold === 0.85)!.share_at_or_above_by_variant));
    }
    console.log('OFAC alias pairs:', JSON.stringify(q.ofac_alias_pairs.at.map((a) => [a.threshold, a.precision, a.recall, a.f1])));
    console.log('at 0.85 by variant:', JSON.stringify(q.ofac_alias_pairs.at[1]!.share_at_or_above_by_variant));
  }
}
