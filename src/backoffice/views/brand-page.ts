// Administrators' page: how the organisation is named and shown to the companies it asks (the
// dialog's header and footer, invitation e-mails, report headers). Each field that is not taken is
// marked with the reason, and the values typed stay in the form.
import { html } from './html.ts';
import { csrfField, renderPage, type Flash, type Viewer } from './layout.ts';

export interface BrandForm {
  display_name: string;
  primary_colour: string;
  support_email: string;
  support_phone: string;
  support_url: string;
  privacy_url: string;
}

export function brandPage(o: { viewer: Viewer; form: BrandForm; logoUrl: string | null; errors?: Record<string, string>; flash?: Flash | null }): string {
  const errors = o.errors ?? {};
  const list = Object.entries(errors);
  const field = (name: keyof BrandForm | 'logo', label: string, input: ReturnType<typeof html>, help: string) => {
    const error = errors[name];
    return html`<div class="field">
  <label for="brand-${name}">${label}</label>
  ${input}
  ${error ? html`<p class="field-error" id="brand-${name}-error" role="alert"><strong>${error}</strong></p>` : ''}
  <p class="help" id="brand-${name}-help">${help}</p>
</div>`;
  };
  const described = (name: string) => `brand-${name}-help${errors[name] ? ` brand-${name}-error` : ''}`;
  const text = (name: keyof BrandForm, type: string, extra: { maxlength?: number; placeholder?: string } = {}) =>
    html`<input id="brand-${name}" name="${name}" type="${type}" value="${o.form[name]}"${extra.maxlength ? html` maxlength="${extra.maxlength}"` : ''}${extra.placeholder ? html` placeholder="${extra.placeholder}"` : ''} aria-describedby="${described(name)}"${errors[name] ? html` aria-invalid="true"` : ''}>`;
  return renderPage(
    { title: 'Brand', viewer: o.viewer, flash: o.flash ?? null },
    html`<div class="page-head"><h1>Brand of ${o.viewer.clientName}</h1><p class="muted">How the companies you ask see you: the header and footer of the dialog, the invitation e-mails and the header of reports. Without a display name they read "the organisation that sent you this link".</p></div>
${list.length ? html`<div class="flash flash--error" role="alert"><p>The brand was not changed:</p><ul>${list.map(([k, v]) => html`<li><a href="#brand-${k}">${k.replace('_', ' ')}</a>: ${v}</li>`)}</ul></div>` : ''}
<section class="card">
<form method="post" action="/backoffice/brand" enctype="multipart/form-data" novalidate>
  ${csrfField(o.viewer)}
  ${field('display_name', 'Display name', text('display_name', 'text', { maxlength: 80, placeholder: 'First Bank' }), 'Shown as "Requested by …", in e-mails and on reports. At most 80 characters.')}
  ${field(
    'logo',
    'Logo',
    html`${o.logoUrl ? html`<img src="${o.logoUrl}" alt="Current logo" class="brand-preview" height="48">` : ''}<input id="brand-logo" name="logo" type="file" accept="image/png,image/jpeg" aria-describedby="${described('logo')}"${errors.logo ? html` aria-invalid="true"` : ''}>${o.logoUrl ? html`<label class="check"><input type="checkbox" name="remove_logo" value="1"> Remove the logo</label>` : ''}`,
    'A PNG or JPEG file of at most 1 MB (SVG is not taken). It is shown at most 48 pixels high.',
  )}
  ${field('primary_colour', 'Colour', text('primary_colour', 'text', { maxlength: 7, placeholder: '#0b5394' }), 'As #rrggbb. Buttons and links take it, with white text on it: it must reach a contrast of 4.5:1 with white (WCAG AA).')}
  ${field('support_email', 'Support e-mail', text('support_email', 'email', { maxlength: 254 }), 'Where the company can ask about the request.')}
  ${field('support_phone', 'Support phone', text('support_phone', 'tel', { maxlength: 30 }), 'For example +44 20 7946 0000.')}
  ${field('support_url', 'Support page', text('support_url', 'url', { maxlength: 500, placeholder: 'https://' }), 'An https:// address.')}
  ${field('privacy_url', 'Privacy notice', text('privacy_url', 'url', { maxlength: 500, placeholder: 'https://' }), 'An https:// address, linked in the dialog and in e-mails.')}
  <div class="actions"><button type="submit" class="btn btn-primary">Save brand</button></div>
</form>
<p class="help">Operators can set the same with <code>dossier clients brand</code>. An empty field removes the value.</p>
</section>`,
  );
}
