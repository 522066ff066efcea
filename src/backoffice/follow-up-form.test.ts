import { describe, expect, it } from 'vitest';
import { checkboxModules, describeProblem, followUpBody, inviteRecipients, readFollowUpForm } from './follow-up-form.ts';

describe('the follow-up form', () => {
  it('becomes the body of endpoint 2, leaving out empty rows', () => {
    const form = readFollowUpForm({
      case_kind: 'monitoring_follow_up',
      modules: ['invoice', 'contract'],
      od_name: ['Packing list', ''],
      od_question: ['Upload it.', ''],
      fu_subject: ['', 'Delivery'],
      fu_question: ['', 'Where?'],
      invite: ' a@bank.example, b@bank.example ',
    });
    const { body, problems } = followUpBody(form);
    expect(problems).toEqual([]);
    expect(body).toEqual({
      case_kind: 'monitoring_follow_up',
      modules: [
        { module: 'invoice' },
        { module: 'contract' },
        { module: 'other_document', document_name: 'Packing list', question: 'Upload it.' },
        { module: 'follow_up', subject: 'Delivery', question: 'Where?' },
      ],
    });
    expect(inviteRecipients(form.invite)).toEqual(['a@bank.example', 'b@bank.example']);
  });

  it('names what is missing and which row it is in', () => {
    const { body, problems } = followUpBody(readFollowUpForm({ case_kind: 'bogus', modules: 'invoice' }));
    expect(problems).toEqual([{ path: '/case_kind', message: 'choose the kind of follow-up' }]);
    const long = followUpBody(readFollowUpForm({ case_kind: 'monitoring_follow_up', fu_subject: 'x'.repeat(201), fu_question: 'Q?' }));
    expect(long.problems[0]).toMatchObject({ path: '/modules/0/subject' });
    expect(describeProblem(long.problems[0]!, long.body)).toMatch(/^Question 1: /);
    expect(describeProblem({ path: '/modules/0/module', message: 'not allowed' }, body)).toBe('Module invoice: not allowed');
  });

  it('offers the modules of each kind as boxes, the repeatable ones as rows', () => {
    expect(checkboxModules('onboarding_follow_up')).toContain('business_description');
    expect(checkboxModules('monitoring_follow_up')).toEqual(['invoice', 'contract', 'transaction_rationale', 'charter_agreement', 'cargo_bill', 'company_proof_of_address']);
  });
});
