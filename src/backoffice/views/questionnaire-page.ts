// Administrators' page of the questionnaire their clients answer in onboarding dialogs: the
// version in force (or the default), earlier versions, and a form to upload a new version as JSON.
import { shortTime } from './components.ts';
import { html } from './html.ts';
import { csrfField, renderPage, type Flash, type Viewer } from './layout.ts';

export interface QuestionnairePageData {
  viewer: Viewer;
  /** The definition in force, pretty-printed JSON. */
  json: string;
  custom: boolean;
  version: number;
  versions: { version: number; created_by: string; created_at: string }[];
  flash?: Flash | null;
  errors?: { path: string; message: string }[];
  /** What was sent, shown again after a refusal. */
  draft?: string;
}

export function questionnairePage(o: QuestionnairePageData): string {
  const errors = o.errors?.length
    ? html`<div class="flash flash--error" role="alert"><p>The questionnaire was not saved:</p><ul>${o.errors.map((e) => html`<li><code>${e.path || '(top)'}</code> ${e.message}</li>`)}</ul></div>`
    : '';
  const rows = o.versions.map((v) => html`<tr><th scope="row">${String(v.version)}</th><td>${v.created_by}</td><td>${shortTime(v.created_at)}</td></tr>`);
  return renderPage(
    { title: 'Questionnaire', viewer: o.viewer, flash: o.flash ?? null },
    html`<div class="page-head"><h1>Questionnaire of ${o.viewer.clientName}</h1><p class="muted">Asked in the dialog of every new onboarding conversation; its answers are the case result's <code>questionnaire</code>. Each upload is a new version; a conversation keeps the version in force when it was created.</p></div>
${errors}
<section class="card"><h2>${o.custom ? html`Version ${String(o.version)} in force` : html`The default questionnaire is in force`}</h2>
<pre class="json" tabindex="0" aria-label="Questionnaire definition">${o.json}</pre></section>
${o.versions.length ? html`<section class="card"><h2>Versions</h2><div class="table-wrap"><table><thead><tr><th scope="col">Version</th><th scope="col">Uploaded by</th><th scope="col">At</th></tr></thead><tbody>${rows}</tbody></table></div></section>` : ''}
<section class="card"><h2>Upload a new version</h2>
<form method="post" action="/backoffice/questionnaire">
  ${csrfField(o.viewer)}
  <div class="field"><label for="definition">Definition (JSON: <code>{id, version, title, questions}</code>)</label><textarea id="definition" name="definition" rows="18" required spellcheck="false">${o.draft ?? o.json}</textarea></div>
  <div class="field field-actions"><button type="submit" class="btn btn-primary">Save as a new version</button></div>
</form>
<p class="help">The format is described in the README (Questionnaire). The same can be done with <code>dossier questionnaire set --client &lt;name&gt; &lt;file.json&gt;</code>.</p>
</section>`,
  );
}
