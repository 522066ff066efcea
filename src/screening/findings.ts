// Hits as findings of the case, for its reports and score: a hit on a sanctions list is critical
// when strong or confirmed, a hit on a PEP list a warning, a weaker open hit info; a hit the
// analyst marked a false match raises nothing. A person who declared not being a PEP but matches
// a PEP entry gets a finding of its own. Pure: ids depend only on the case and the hit.
import crypto from 'node:crypto';
import type { FindingRow } from '../db/schema.ts';
import { storedStrings } from '../lib/stored-json.ts';

export interface HitForFinding {
  id: string;
  entity_id: string;
  entity_name: string;
  list_name: string;
  list_entry_id: string;
  topic: string;
  score: number;
  matched_name: string;
  reasons: string;
  status: string;
  current: number;
  version_date: string;
  role: string;
  pepDeclared: boolean | null;
}

export const SCREENING_CODES = ['sanctions_match', 'pep_match', 'pep_not_declared'] as const;

export function severityOf(h: Pick<HitForFinding, 'topic' | 'score' | 'status'>, strong: number): FindingRow['severity'] {
  if (h.status === 'false_match') return 'info';
  const sanctions = h.topic === 'sanctions';
  if (h.status === 'true_match' || h.score >= strong) return sanctions ? 'critical' : 'warning';
  return 'info';
}

const hash = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

export function screeningFindingRows(caseId: string, conversationId: string, hits: HitForFinding[], strong: number, at: string): FindingRow[] {
  const rows: FindingRow[] = [];
  const pseudo = `screening-${caseId}`;
  const add = (key: string, code: string, severity: FindingRow['severity'], text: string) => {
    const position = rows.length;
    rows.push({
      id: hash(`${pseudo}:${key}:${code}`).slice(0, 32),
      conversation_id: conversationId,
      verification_id: pseudo,
      document_id: null,
      issue_id: `${code}-${hash(`${pseudo}:${key}`).slice(0, 8)}`,
      code,
      severity,
      text,
      position,
      created_at: at,
      source: 'screening',
    });
  };
  for (const h of hits) {
    if (!h.current || h.status === 'false_match') continue;
    const pep = h.topic === 'pep';
    const reasons = storedStrings(h.reasons, 'screening hit reasons').join('; ');
    const state = h.status === 'true_match' ? 'Confirmed by an analyst' : 'To be reviewed';
    const what = pep ? 'politically exposed persons list' : 'sanctions list';
    add(
      h.id,
      pep ? 'pep_match' : 'sanctions_match',
      severityOf(h, strong),
      `${state}: ${h.role} ${h.entity_name} matches "${h.matched_name}" on the ${what} ${h.list_name} (entry ${h.list_entry_id}, version of ${h.version_date}), score ${h.score.toFixed(2)}: ${reasons}.`,
    );
    if (pep && h.pepDeclared === false)
      add(
        h.id,
        'pep_not_declared',
        'warning',
        `${h.role} ${h.entity_name} declared not being a politically exposed person, but matches "${h.matched_name}" on the PEP list ${h.list_name} (entry ${h.list_entry_id}, score ${h.score.toFixed(2)}).`,
      );
  }
  return rows;
}
