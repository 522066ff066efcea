import { describe, expect, it } from 'vitest';
import { caseStep, decidedCaseResult, decidedDocument, newFileModules, nextReviewAt, reasonProblem, CASE_REASONS, type CaseStep } from './rules.ts';

const ana = { id: 'u-ana', name: 'ana' };
const ben = { id: 'u-ben', name: 'ben' };
const at = '2026-11-24T10:00:00.000Z';
const undecided: CaseStep = { state: 'undecided', approvals: [] };

describe('case decision steps', () => {
  it('takes two different analysts where four eyes apply', () => {
    const o = { riskLevel: 'high', fourEyesLevels: ['high'], at };
    const first = caseStep(undecided, 'approve', ana, o);
    expect(first).toMatchObject({ ok: true, state: 'awaiting_second_approval', final: false });
    if (!first.ok) throw new Error('unreachable');
    expect(caseStep({ state: first.state, approvals: first.approvals }, 'approve', ana, o)).toMatchObject({ ok: false, code: 'four_eyes' });
    expect(caseStep({ state: first.state, approvals: first.approvals }, 'approve', ben, o)).toMatchObject({ ok: true, state: 'approved', final: true });
    expect(caseStep(undecided, 'approve', ana, { ...o, riskLevel: 'low' })).toMatchObject({ ok: true, state: 'approved' });
  });

  it('refuses to decide a decided case until it is reopened, and approving an unscored case', () => {
    const o = { riskLevel: 'low', fourEyesLevels: ['high'], at };
    const approved: CaseStep = { state: 'approved', approvals: [] };
    expect(caseStep(approved, 'reject', ana, o)).toMatchObject({ ok: false, code: 'conflict' });
    expect(caseStep(approved, 'reopen', ana, o)).toMatchObject({ ok: true, state: 'undecided' });
    expect(caseStep(undecided, 'reopen', ana, o)).toMatchObject({ ok: false, code: 'conflict' });
    expect(caseStep(undecided, 'approve', ana, { ...o, riskLevel: null })).toMatchObject({ ok: false, code: 'conflict' });
  });
});

describe('reasons, reviews and new files', () => {
  it('wants a known reason, and words for "other"', () => {
    expect(reasonProblem(CASE_REASONS.reject, { code: '', text: '' }, true)).toMatch(/Choose a reason/);
    expect(reasonProblem(CASE_REASONS.reject, { code: 'other', text: '' }, true)).toMatch(/Explain/);
    expect(reasonProblem(CASE_REASONS.reject, { code: 'x', text: '' }, true)).toMatch(/not one of the reasons/);
    expect(reasonProblem(CASE_REASONS.approve, { code: '', text: '' }, false)).toBeNull();
    expect(reasonProblem(CASE_REASONS.reject, { code: 'risk_too_high', text: 'words' }, true)).toBeNull();
  });

  it('sets the next review from the risk level', () => {
    const days = { low: 1095, medium: 730, high: 365 };
    expect(nextReviewAt(at, 'high', days)).toBe('2027-11-24T10:00:00.000Z');
    expect(nextReviewAt(at, 'low', { ...days, low: 0 })).toBe(at);
  });

  it('asks for a new copy with the module of the document type, once per module', () => {
    const doc = (document_type: string | null, file_name: string) => ({ document_type, document_name: file_name, file_name, reason: 'Reason: not readable.' });
    expect(newFileModules('monitoring_follow_up', [doc('invoice', 'a.pdf'), doc('invoice', 'b.pdf'), doc('passport', 'p.pdf')])).toEqual([
      { module: 'invoice' },
      { module: 'other_document', document_name: 'p.pdf', question: 'Please send a new copy of p.pdf. Reason: not readable.' },
    ]);
    expect(newFileModules('onboarding_follow_up', [doc('passport', 'p.pdf'), doc(null, 'x.pdf')])).toEqual([
      { module: 'proof_of_identity' },
      { module: 'follow_up', subject: 'New copy of x.pdf', question: 'Please send a new copy of x.pdf. Reason: not readable.' },
    ]);
  });
});

describe('the decisions in the API results', () => {
  const decision = { decision: 'rejected' as const, reason_code: 'illegible', reason: 'Not readable', decided_by: 'ana', decided_at: at, new_file_conversation_id: null };
  it('lets `rejected` follow the decision and keeps the reading beside it', () => {
    const overlay = { decision: null, documents: { d1: decision } };
    expect(decidedDocument({ document_id: 'd1', rejected: false }, overlay)).toEqual({ document_id: 'd1', rejected: true, rejected_on_reading: false, analyst_decision: decision });
    expect(decidedDocument({ document_id: 'd2', rejected: true }, overlay)).toEqual({ document_id: 'd2', rejected: true });
    const result = decidedCaseResult({ conversation_results: [{ client_documents: [{ document_id: 'd1', rejected: false }] }], documents: [{ document_id: 'd1', rejected: false }] }, overlay);
    expect(result.decision).toBeNull();
    expect((result.documents as { rejected: boolean }[])[0]!.rejected).toBe(true);
    expect(decidedCaseResult({ documents: [] }, null)).toEqual({ documents: [] });
  });
});
