// The sign-in page: username, password, the pre-session CSRF token and where to go afterwards.
import { html } from './html.ts';
import { renderPage, type Flash } from './layout.ts';

export function loginPage(o: { csrf: string; next: string; username?: string; error?: string | null; notice?: Flash | null }): string {
  const error = o.error ? html`<div class="flash flash--error" role="alert" id="login-error">${o.error}</div>` : '';
  return renderPage(
    { title: 'Sign in', mainClass: 'narrow', flash: o.notice ?? null },
    html`<section class="card login">
  <h1>Sign in</h1>
  <p class="muted">Dossier back office: cases, reports and follow-ups of your organisation.</p>
  ${error}
  <form method="post" action="/backoffice/login" novalidate>
    <input type="hidden" name="_csrf" value="${o.csrf}">
    <input type="hidden" name="next" value="${o.next}">
    <div class="field">
      <label for="username">Username</label>
      <input id="username" name="username" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${o.username ?? ''}"${o.error ? html` aria-describedby="login-error"` : ''}${o.username ? '' : html` autofocus`}>
    </div>
    <div class="field">
      <label for="password">Password</label>
      <input id="password" name="password" type="password" autocomplete="current-password" required${o.username ? html` autofocus` : ''}>
    </div>
    <button type="submit" class="btn btn-primary btn-block">Sign in</button>
  </form>
  <p class="muted small">Forgot your password? Ask an administrator of your organisation to reset it.</p>
</section>`,
  );
}
