// Consistency between the documents of a case: invoice, contract, bill of lading and charter should
// name the same parties, the same goods, and refer to each other by the right numbers, vessel and ports.
// Run for a new document against the others when it arrives, and for every pair at completion.
import { compareNames, nameSimilarity, normalizeText } from '../../lib/names.ts';
import { documentType } from '../types/index.ts';
import { finding } from './catalogue.ts';
import type { DocumentFacts, Finding } from './context.ts';
import { goodsOf, isTrade, sameGoodsWord, wordsOfGoods } from './facts.ts';

function partiesOf(d: DocumentFacts): string[] {
  const names = documentType(d.type).parties?.(d.fields) ?? [];
  return names.filter((n): n is string => !!n && n.trim() !== '');
}

const matches = (a: string, b: string) => compareNames(a, b).outcome !== 'mismatch';
const refKey = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '');
const sameText = (a: string, b: string) => normalizeText(a) === normalizeText(b) || nameSimilarity(normalizeText(a), normalizeText(b)) >= 0.92;

function partyRule(a: DocumentFacts, b: DocumentFacts): Finding[] {
  const pa = partiesOf(a);
  const pb = partiesOf(b);
  if (pa.length === 0 || pb.length === 0) return [];
  // An invoice's seller and buyer must both be parties to its contract; other pairs need one party in common.
  const [inv, con] = a.type === 'invoice' && b.type === 'contract' ? [a, b] : b.type === 'invoice' && a.type === 'contract' ? [b, a] : [null, null];
  if (inv && con && pb.length >= 2 && pa.length >= 2) {
    const contractParties = partiesOf(con);
    const missing = partiesOf(inv).filter((n) => !contractParties.some((c) => matches(n, c)));
    if (missing.length === 0) return [];
    return [
      finding(
        'documents_parties_inconsistent',
        `${missing.map((m) => `"${m}"`).join(' and ')} of the invoice "${inv.file_name}" ${missing.length === 1 ? 'is' : 'are'} not a party to the contract "${con.file_name}" (${contractParties.map((c) => `"${c}"`).join(', ')}).`,
      ),
    ];
  }
  if (pa.some((x) => pb.some((y) => matches(x, y)))) return [];
  return [finding('documents_parties_inconsistent', `"${a.file_name}" (${pa.map((n) => `"${n}"`).join(', ')}) and "${b.file_name}" (${pb.map((n) => `"${n}"`).join(', ')}) have no party in common.`)];
}

function goodsRule(a: DocumentFacts, b: DocumentFacts): Finding[] {
  const ga = wordsOfGoods(goodsOf(a));
  const gb = wordsOfGoods(goodsOf(b));
  if (ga.length === 0 || gb.length === 0) return [];
  if (ga.some((x) => gb.some((y) => sameGoodsWord(x, y)))) return [];
  return [
    finding(
      'documents_goods_inconsistent',
      `The goods of "${a.file_name}" (${goodsOf(a).slice(0, 3).join('; ')}) and of "${b.file_name}" (${goodsOf(b).slice(0, 3).join('; ')}) have nothing in common.`,
    ),
  ];
}

function refMismatch(what: string, fromFile: string, written: string | null | undefined, toFile: string, actual: string | null | undefined): Finding[] {
  if (!written || !actual || refKey(written) === refKey(actual)) return [];
  return [finding('documents_references_inconsistent', `"${fromFile}" refers to ${what} ${written}, but "${toFile}" is ${what} ${actual}.`)];
}

function textMismatch(what: string, a: DocumentFacts, va: string | null | undefined, b: DocumentFacts, vb: string | null | undefined): Finding[] {
  if (!va || !vb || sameText(va, vb)) return [];
  return [finding('documents_references_inconsistent', `The ${what} is "${va}" in "${a.file_name}" but "${vb}" in "${b.file_name}".`)];
}

/** What one document says of another by number: [what, the number written, the number the other is]. */
function referencesBetween(x: DocumentFacts, y: DocumentFacts): [string, string | null | undefined, string | null | undefined] | null {
  if (x.type === 'invoice' && y.type === 'contract') return ['contract', x.fields.references?.contract, y.fields.contract_number];
  if (x.type === 'invoice' && y.type === 'bill_of_lading') return ['bill of lading', x.fields.references?.bill_of_lading, y.fields.bl_number];
  if (x.type === 'bill_of_lading' && y.type === 'invoice') return ['invoice', x.fields.references?.invoice, y.fields.invoice_number];
  if (x.type === 'bill_of_lading' && y.type === 'contract') return ['contract', x.fields.references?.contract, y.fields.contract_number];
  return null;
}

function referenceRule(a: DocumentFacts, b: DocumentFacts): Finding[] {
  const out: Finding[] = [];
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    const ref = referencesBetween(x, y);
    if (ref) out.push(...refMismatch(ref[0], x.file_name, ref[1], y.file_name, ref[2]));
  }
  const vessel = (d: DocumentFacts) => documentType(d.type).vessel?.(d.fields) ?? null;
  out.push(...textMismatch('vessel', a, vessel(a), b, vessel(b)));
  const ports = (d: DocumentFacts): [string | null, string | null] => documentType(d.type).ports?.(d.fields) ?? [null, null];
  out.push(...textMismatch('port of loading', a, ports(a)[0], b, ports(b)[0]), ...textMismatch('port of discharge', a, ports(a)[1], b, ports(b)[1]));
  return out;
}

const TYPE_ORDER = ['invoice', 'contract', 'bill_of_lading', 'charter_agreement'];

/** Findings about a pair, worded the same whichever document arrived first (so completion can tell what was already said). */
export function pairRules(x: DocumentFacts, y: DocumentFacts): Finding[] {
  const [a, b] = TYPE_ORDER.indexOf(x.type) < TYPE_ORDER.indexOf(y.type) || (x.type === y.type && x.file_name <= y.file_name) ? [x, y] : [y, x];
  if (!isTrade(a) || !isTrade(b) || a.document_id === b.document_id) return [];
  if (a.type === b.type && a.type !== 'invoice') return [];
  if (a.type === 'invoice' && b.type === 'invoice') return [];
  return [...partyRule(a, b), ...goodsRule(a, b), ...referenceRule(a, b)];
}

/** Findings for a new document against the documents already there. */
export function crossRulesFor(doc: DocumentFacts, others: DocumentFacts[]): Finding[] {
  return dedupe(others.flatMap((o) => pairRules(doc, o)));
}

/** Findings for every pair of documents (at completion); `involves` limits them to pairs with one of these documents. */
export function crossRulesAll(docs: DocumentFacts[], involves?: Set<string>): Finding[] {
  const out: Finding[] = [];
  for (let i = 0; i < docs.length; i++) {
    for (let j = i + 1; j < docs.length; j++) {
      if (involves && !involves.has(docs[i].document_id) && !involves.has(docs[j].document_id)) continue;
      out.push(...pairRules(docs[i], docs[j]));
    }
  }
  return dedupe(out);
}

export function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const k = `${f.code}\u0000${f.text}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
