// The follow-up form: the kind, the modules of that kind, requested documents and questions (rows
// that a small script can add more of), and an optional invitation e-mail. Errors are listed at
// the top and the form keeps what was typed.
import { FOLLOW_UP_KINDS, type FollowUpKind } from '../../cases/modules.ts';
import { checkboxModules, type FollowUpForm } from '../follow-up-form.ts';
import { humanizeKey } from './components.ts';
import { html, type SafeHtml } from './html.ts';
import { csrfField, renderPage, type Viewer } from './layout.ts';

/** What the form shows of its case. */
export interface FollowUpCase {
  id: string;
  case_kind: string;
  company_full_name: string;
}

function rows<T>(items: T[], min: number, blank: T): T[] {
  return items.length >= min ? items : [...items, ...Array.from({ length: min - items.length }, () => blank)];
}

function moduleBoxes(kind: FollowUpKind, form: FollowUpForm): SafeHtml {
  return html`<fieldset class="modules-set" data-kind="${kind}">
  <legend>Modules of ${humanizeKey(kind).toLowerCase()}</legend>
  <div class="checks">${checkboxModules(kind).map(
    (m) => html`<label class="check"><input type="checkbox" name="modules" value="${m}"${form.modules.includes(m) && form.case_kind === kind ? html` checked` : ''}> ${humanizeKey(m)}</label>`,
  )}</div>
</fieldset>`;
}

export function followUpPage(o: { viewer: Viewer; caseRow: FollowUpCase; form: FollowUpForm; errors: string[]; defaultInvite: string }): string {
  const { form, caseRow } = o;
  const kind = form.case_kind || (caseRow.case_kind === 'monitoring' ? 'monitoring_follow_up' : 'onboarding_follow_up');
  const errors = o.errors.length
    ? html`<div class="flash flash--error" role="alert" id="form-errors"><p><strong>The follow-up was not created.</strong> Please correct:</p><ul>${o.errors.map((e) => html`<li>${e}</li>`)}</ul></div>`
    : '';
  const docRows = rows(form.other_documents, 1, { document_name: '', question: '' });
  const questionRows = rows(form.questions, 1, { subject: '', question: '' });
  return renderPage(
    { title: `Follow-up for ${caseRow.company_full_name}`, viewer: o.viewer, active: 'cases', mainClass: 'medium' },
    html`<div class="page-head"><p class="crumbs"><a href="/backoffice/cases">Cases</a> › <a href="/backoffice/cases/${caseRow.id}">${caseRow.company_full_name}</a> ›</p>
<h1>Ask for more: new follow-up</h1>
<p class="muted">The client gets a new dialog with what you ask for here. Your system is told through the new-follow-up webhook, with the dialog link.</p></div>
${errors}
<form method="post" action="/backoffice/cases/${caseRow.id}/follow-up" class="card follow-up-form" novalidate>
  ${csrfField(o.viewer)}
  <fieldset>
    <legend>Kind of follow-up</legend>
    ${FOLLOW_UP_KINDS.map((k) => html`<label class="check"><input type="radio" name="case_kind" value="${k}" data-kind-switch${k === kind ? html` checked` : ''}> ${humanizeKey(k)}</label>`)}
  </fieldset>
  ${FOLLOW_UP_KINDS.map((k) => moduleBoxes(k, { ...form, case_kind: form.case_kind || kind }))}
  <fieldset class="repeat" data-kind="monitoring_follow_up" data-repeat="od">
    <legend>Other documents <span class="muted">(monitoring follow-ups)</span></legend>
    ${docRows.map(
      (r, i) => html`<div class="repeat-row">
      <div class="field"><label for="od_name_${i}">Document name</label><input id="od_name_${i}" name="od_name" value="${r.document_name}" maxlength="200"></div>
      <div class="field field-grow"><label for="od_question_${i}">Instructions for the client</label><textarea id="od_question_${i}" name="od_question" rows="2" maxlength="4000">${r.question}</textarea></div>
    </div>`,
    )}
    <button type="button" class="btn btn-small" data-add-row="od">Add another document</button>
  </fieldset>
  <fieldset class="repeat" data-repeat="fu">
    <legend>Questions</legend>
    <p class="help">The subject is the title of the question's form; it may be left empty in onboarding follow-ups.</p>
    ${questionRows.map(
      (r, i) => html`<div class="repeat-row">
      <div class="field"><label for="fu_subject_${i}">Subject</label><input id="fu_subject_${i}" name="fu_subject" value="${r.subject}" maxlength="200"></div>
      <div class="field field-grow"><label for="fu_question_${i}">Question</label><textarea id="fu_question_${i}" name="fu_question" rows="2" maxlength="4000">${r.question}</textarea></div>
    </div>`,
    )}
    <button type="button" class="btn btn-small" data-add-row="fu">Add another question</button>
  </fieldset>
  <div class="field">
    <label for="invite">E-mail the invitation to <span class="muted">(optional)</span></label>
    <input id="invite" name="invite" type="text" value="${form.invite || o.defaultInvite}" aria-describedby="invite-help" autocomplete="off">
    <p id="invite-help" class="help">Addresses separated by commas. Leave empty to send no e-mail; the webhook is sent either way.</p>
  </div>
  <div class="actions"><button type="submit" class="btn btn-primary">Create follow-up</button> <a class="btn btn-quiet" href="/backoffice/cases/${caseRow.id}">Cancel</a></div>
</form>`,
  );
}
