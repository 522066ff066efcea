// The text that says what a company does, gathered from a case for assigning industry codes: the
// user's business description and website answers, the transaction description, and activity
// words read from documents (licensed activity, invoice lines, contract goods). Pure.

export interface ActivitySources {
  answers: string[];
  transactionDescription: string | null;
  documents: Record<string, unknown>[];
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

export function activityText(s: ActivitySources): string {
  const parts: string[] = [...s.answers.map((a) => a.trim()).filter(Boolean)];
  if (s.transactionDescription) parts.push(s.transactionDescription);
  for (const extracted of s.documents) {
    const f = (extracted.fields && typeof extracted.fields === 'object' ? extracted.fields : extracted) as Record<string, unknown>;
    parts.push(str(f.activity));
    if (Array.isArray(f.lines)) for (const l of f.lines.slice(0, 20)) parts.push(str((l as Record<string, unknown>).description));
    if (Array.isArray(f.goods)) for (const g of f.goods.slice(0, 20)) parts.push(str(g));
    parts.push(str(f.cargo));
  }
  return parts.filter(Boolean).join('. ').slice(0, 20_000);
}
