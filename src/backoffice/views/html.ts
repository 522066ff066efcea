// A tagged template for server-rendered pages: every interpolated value is escaped unless it is
// already markup made by `html` itself (or `raw`, kept for markup renderers such as the SVG chart).
import { escapeHtml } from '../../lib/html-escape.ts';

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type Renderable = SafeHtml | string | number | boolean | null | undefined | Renderable[];

function render(value: Renderable): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false || value === true) return '';
  return escapeHtml(value);
}

export function html(strings: TemplateStringsArray, ...values: Renderable[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((v, i) => {
    out += render(v) + strings[i + 1]!;
  });
  return new SafeHtml(out);
}

/** Markup produced by a trusted renderer that escapes its own values. */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}
