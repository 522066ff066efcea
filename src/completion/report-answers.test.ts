// The user's answers as the reports and the case view show them, from the dialog's stored steps.
import { describe, expect, it } from 'vitest';
import type { StepRow } from '../db/dialog.repo.ts';
import { newCompany, newPerson, type EntityDetails } from '../entities/case-entities.ts';
import type { CaseFile } from './case-file.ts';
import { conversationAnswers, withAnsweredWebsite } from './report-answers.ts';

const CONV = 'c1';
const step = (over: Partial<StepRow>): StepRow => ({
  conversation_id: CONV,
  step_key: '0:transaction_rationale',
  position: 0,
  module: 'transaction_rationale',
  status: 'done',
  answer: null,
  attempts: '[]',
  flagged: 0,
  flag_reason: null,
  version: 1,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...over,
});

function file(steps: StepRow[], websiteChecks: { status: string }[] = []): CaseFile {
  const company = newCompany('main', 'Acme Trading Ltd', 'GB');
  const person = newPerson('p1', 'Jane Public');
  return {
    conversations: [
      {
        id: CONV,
        modules: JSON.stringify([
          { module: 'transaction_rationale' },
          { module: 'invoice' },
          { module: 'follow_up', subject: 'Delivery', question: 'Where were the pumps delivered?' },
          { module: 'website' },
        ]),
      },
    ],
    entities: [company, person].map((e) => ({ id: e.entity_id, details: JSON.stringify(e) })),
    steps: new Map([[CONV, steps]]),
    websiteChecks,
  } as unknown as CaseFile;
}

const refused = JSON.stringify([
  { type: 'rejected', text: 'asdf asdf', reason: 'gibberish', params: {}, at: '2026-11-01T09:58:00.000Z' },
  { type: 'reopened', at: '2026-11-01T09:59:00.000Z' },
  { type: 'rejected', text: 'qwerty', reason: 'gibberish', params: {}, at: '2026-11-01T09:59:30.000Z' },
]);

describe('conversation answers', () => {
  it('gives the accepted answers in order with refused attempts as a count, skipped steps with their reasons, and no upload that was done', () => {
    const answers = conversationAnswers(
      file([
        step({ step_key: '2:follow_up', position: 2, module: 'follow_up', status: 'skipped', answer: 'We do not know yet.' }),
        step({ answer: 'Globex bought 200 pumps from us.', attempts: refused }),
        step({ step_key: '1:invoice', position: 1, module: 'invoice', status: 'done' }),
        step({ step_key: '4:declarations', position: 4, module: 'declarations', answer: JSON.stringify({ declarations: { p1: { is_pep_self_assessment: false, is_us_person: true } } }) }),
      ]),
      CONV,
    );
    expect(answers).toEqual([
      { module: 'transaction_rationale', question: 'Reason for the payment', status: 'answered', answer: ['Globex bought 200 pumps from us.'], refused_attempts: 2 },
      { module: 'follow_up', question: 'Delivery', prompt: 'Where were the pumps delivered?', status: 'skipped', answer: ['We do not know yet.'], refused_attempts: 0 },
      {
        module: 'declarations',
        question: 'Declarations (politically exposed persons, US persons, tax residency)',
        status: 'answered',
        answer: ['Jane Public: politically exposed: no; US person: yes'],
        refused_attempts: 0,
      },
    ]);
    expect(JSON.stringify(answers)).not.toContain('asdf');
  });

  it('fills the company website from the accepted answer only when it is empty and no check finished', () => {
    const answered = [step({ step_key: '3:website', position: 3, module: 'website', answer: 'https://www.acme.example' })];
    const entities = (f: CaseFile) => f.entities.map((e) => JSON.parse(e.details) as EntityDetails);
    const website = (list: EntityDetails[]) => (list.find((e) => e.entity_id === 'main') as { company_website: { url: string } }).company_website.url;
    const open = file(answered);
    expect(website(withAnsweredWebsite(entities(open), 'main', open))).toBe('https://www.acme.example');
    const checked = file(answered, [{ status: 'done' }]);
    expect(website(withAnsweredWebsite(entities(checked), 'main', checked))).toBe('');
    const given = entities(open).map((e) => (e.type === 'company' ? { ...e, company_website: { url: 'https://acme.example' } } : e));
    expect(website(withAnsweredWebsite(given, 'main', open))).toBe('https://acme.example');
  });
});
