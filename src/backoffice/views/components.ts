// Small pieces shared by the back-office pages: badges that always carry their word (never colour
// alone), dates, and labels.
import { formatTimestamp, humanizeKey } from '../../reports/report-view.ts';
import { html, type SafeHtml } from './html.ts';

export { formatTimestamp, humanizeKey };

export function riskBadge(level: string | null, score: number | null): SafeHtml {
  if (!level) return html`<span class="badge badge-none">Not scored</span>`;
  return html`<span class="badge badge-risk-${level}">${humanizeKey(level)}${score !== null ? html` <span class="badge-score">${score}</span>` : ''}</span>`;
}

const STATE_TEXT: Record<string, string> = { open: 'Open', completed: 'Completed', processing: 'Processing', ready: 'Ready' };

export function stateBadge(state: string): SafeHtml {
  return html`<span class="badge badge-state-${state}">${STATE_TEXT[state] ?? humanizeKey(state)}</span>`;
}

export function severityBadge(severity: string): SafeHtml {
  return html`<span class="badge badge-sev-${severity}">${humanizeKey(severity)}</span>`;
}

/** A date for tables: "2026-11-21 09:14 UTC", with the full timestamp in a <time> element. */
export function shortTime(iso: string | null): SafeHtml {
  if (!iso) return html`<span class="muted">—</span>`;
  return html`<time datetime="${iso}">${formatTimestamp(iso).replace(/:\d\d UTC$/, ' UTC')}</time>`;
}

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}
