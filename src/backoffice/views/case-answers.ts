// The case view's answers section: per conversation, the accepted answer to each question the user
// was asked (transaction rationale, website, follow-up questions, declarations, questionnaire), the
// reason given for a skipped step, how many attempts were refused (a count, never their text), and
// the explanations given for findings.
import type { ConversationView } from '../case-view.service.ts';
import { allAnswers, answerStatus } from '../../reports/report-reading.ts';
import { authorWords } from '../../reports/report-view.ts';
import { humanizeKey } from './components.ts';
import { html, type SafeHtml } from './html.ts';

function conversationAnswers(c: ConversationView, n: number): SafeHtml {
  // Questions asked for and never answered (a conversation completed over the API) show as such.
  const answers = allAnswers(c.report);
  const explanations = c.report.explanations ?? [];
  const rows = answers.map(
    (a) =>
      html`<tr><th scope="row">${a.question}${a.prompt ? html`<span class="sub">${a.prompt}</span>` : ''}</th><td class="pre">${
        a.answer.length
          ? a.status === 'skipped'
            ? html`<span class="muted">Reason given:</span> ${a.answer.join('\n')}`
            : a.answer.join('\n')
          : html`<span class="muted">${a.status === 'pending' ? (c.row.state === 'open' ? 'Not answered yet' : 'Not answered') : '—'}</span>`
      }</td><td>${answerStatus(a)}</td></tr>`,
  );
  return html`<article class="answers" aria-labelledby="answers-h-${c.row.id}">
<h3 id="answers-h-${c.row.id}">${n}. ${humanizeKey(c.row.conversation_kind)}</h3>
${
  answers.length
    ? html`<div class="table-wrap"><table><thead><tr><th scope="col">Question</th><th scope="col">Accepted answer</th><th scope="col">Attempts</th></tr></thead><tbody>${rows}</tbody></table></div>`
    : html`<p class="muted small">No question was asked in this conversation.</p>`
}
${
  explanations.length
    ? html`<p class="label">Explanations of findings</p><ul class="explanations">${explanations.map(
        (e) => html`<li><span class="muted">${e.finding}${e.document ? ` (${e.document})` : ''}</span><br>${e.text} <span class="muted small">— ${authorWords(e.author)}</span></li>`,
      )}</ul>`
    : ''
}
</article>`;
}

export function answersSection(conversations: ConversationView[]): SafeHtml {
  return html`<section class="card" aria-labelledby="answers"><h2 id="answers">Answers and explanations</h2>
${conversations.map((c, i) => conversationAnswers(c, i + 1))}
</section>`;
}
