import { describe, expect, it } from 'vitest';
import { renderInvitation } from './invitation.ts';

const base = {
  template: 'invitation' as const,
  companyName: 'Acme Trading Ltd',
  clientName: 'First Bank',
  link: 'https://dossier.example/dialog?id=c0ffee',
  caseManager: { name: 'Carla Manager', email: 'carla@bank.example' },
};

describe('invitation e-mail', () => {
  it('names the company and the client, carries the link and says where replies go', () => {
    const m = renderInvitation(base);
    expect(m.subject).toBe('Acme Trading Ltd: information requested by First Bank');
    expect(m.text).toContain('https://dossier.example/dialog?id=c0ffee');
    expect(m.text).toContain('Carla Manager (carla@bank.example)');
    expect(m.html).toContain('href="https://dossier.example/dialog?id=c0ffee"');
  });

  it('has a follow-up variant and works without a case manager', () => {
    const m = renderInvitation({ ...base, template: 'follow_up', caseManager: null });
    expect(m.subject).toBe('Acme Trading Ltd: more information requested by First Bank');
    expect(m.text).toContain('through your usual channel');
  });

  it('keeps headers on one line and escapes HTML', () => {
    const m = renderInvitation({ ...base, companyName: 'Evil <b>Co</b>\r\nBcc: x@y.example' });
    expect(m.subject).not.toMatch(/[\r\n]/);
    expect(m.html).not.toContain('<b>Co</b>');
    expect(m.html).toContain('Evil &lt;b&gt;Co&lt;/b&gt;');
  });
});
