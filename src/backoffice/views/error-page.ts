// Error pages of the back office: the same page for "does not exist" and "not yours" (never
// confirm another organisation's ids), a refusal page for a stale form, and a 500 with the request id.
import { html } from './html.ts';
import { renderPage, type Viewer } from './layout.ts';

const TEXT: Record<number, [string, string]> = {
  400: ['The request could not be used', 'Something in the form or address is not valid.'],
  401: ['Sign-in required', 'Sign in with your Dossier back-office user to read this page.'],
  403: ['The form has expired', 'This form was opened in another session or has expired. Go back, reload the page and try again.'],
  404: ['Not found', 'There is nothing at this address for your organisation. It may have been mistyped, or it belongs to someone else.'],
  409: ['Not possible now', 'The case has changed in a way that does not allow this any more.'],
  500: ['Something went wrong', 'Dossier could not show this page.'],
};

export function errorPage(status: number, viewer: Viewer | null, detail?: string): string {
  const [title, text] = TEXT[status] ?? TEXT[status >= 500 ? 500 : 400]!;
  const more =
    status >= 500 && detail
      ? html`<p class="muted">If it happens again, give this reference to your administrator: <code>${detail}</code></p>`
      : status !== 404 && detail
        ? html`<p>${detail}</p>`
        : '';
  return renderPage({ title, viewer }, html`<section class="card narrow-card"><h1>${title}</h1><p>${text}</p>${more}<p><a class="btn" href="/backoffice/cases">Go to the case list</a></p></section>`);
}

/** A plain page with a title and a sentence, such as "report not ready yet". */
export function messagePage(title: string, text: string, viewer: Viewer | null): string {
  return renderPage({ title, viewer }, html`<section class="card narrow-card"><h1>${title}</h1><p>${text}</p><p><a class="btn" href="/backoffice/cases">Go to the case list</a></p></section>`);
}
