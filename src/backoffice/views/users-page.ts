// Administrators' page: the users of their organisation, adding one, and resetting a password
// (which also signs that user out and lifts a lock-out). A new password is shown once.
import type { UserRow } from '../../users/users.service.ts';
import { shortTime } from './components.ts';
import { html } from './html.ts';
import { csrfField, renderPage, type Flash, type Viewer } from './layout.ts';

export interface UserListItem {
  user: UserRow;
  lockedUntil: number | null;
}

export function usersPage(o: {
  viewer: Viewer;
  users: UserListItem[];
  flash?: Flash | null;
  shownPassword?: { username: string; password: string } | null;
  form?: { username: string; role: string };
  errors?: string[];
}): string {
  const shown = o.shownPassword
    ? html`<div class="flash flash--success" role="status"><p>The password of <strong>${o.shownPassword.username}</strong> is shown once; give it to them over a safe channel:</p><p class="copy-row"><input id="new-password" type="text" readonly value="${o.shownPassword.password}" aria-label="New password"><button type="button" class="btn btn-small" data-copy="new-password">Copy</button></p></div>`
    : '';
  const errors = o.errors?.length ? html`<div class="flash flash--error" role="alert"><ul>${o.errors.map((e) => html`<li>${e}</li>`)}</ul></div>` : '';
  const rows = o.users.map(
    ({ user, lockedUntil }) => html`<tr>
<th scope="row">${user.username}${user.username === o.viewer.username ? html` <span class="sub-inline">(you)</span>` : ''}</th>
<td>${user.role}</td>
<td>${shortTime(user.created_at)}</td>
<td>${shortTime(user.last_login_at)}</td>
<td>${lockedUntil ? html`<span class="badge badge-sev-critical">Locked</span> until ${shortTime(new Date(lockedUntil).toISOString())}` : html`<span class="muted">—</span>`}</td>
<td><form method="post" action="/backoffice/users/${user.id}/reset-password" class="inline">${csrfField(o.viewer)}<button type="submit" class="btn btn-small">Reset password</button></form></td>
</tr>`,
  );
  return renderPage(
    { title: 'Users', viewer: o.viewer, active: 'users', flash: o.flash ?? null },
    html`<div class="page-head"><h1>Users of ${o.viewer.clientName}</h1><p class="muted">Analysts read cases and reports, comment and ask for follow-ups. Administrators also manage users.</p></div>
${shown}${errors}
<section class="card"><h2>Users</h2><div class="table-wrap"><table><thead><tr><th scope="col">Username</th><th scope="col">Role</th><th scope="col">Created</th><th scope="col">Last sign-in</th><th scope="col">Lock-out</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead><tbody>${rows}</tbody></table></div></section>
<section class="card"><h2>Add a user</h2>
<form method="post" action="/backoffice/users" class="inline-form">
  ${csrfField(o.viewer)}
  <div class="field"><label for="new-username">Username</label><input id="new-username" name="username" required maxlength="64" pattern="[A-Za-z0-9._@-]+" value="${o.form?.username ?? ''}" autocomplete="off"></div>
  <div class="field"><label for="new-role">Role</label><select id="new-role" name="role"><option value="analyst"${o.form?.role !== 'admin' ? html` selected` : ''}>Analyst</option><option value="admin"${o.form?.role === 'admin' ? html` selected` : ''}>Administrator</option></select></div>
  <div class="field field-actions"><button type="submit" class="btn btn-primary">Add user</button></div>
</form>
<p class="help">A password is generated and shown once. Users can also be added with <code>dossier users create</code>.</p>
</section>`,
  );
}
