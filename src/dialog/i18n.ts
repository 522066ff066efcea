// The dialog's message catalogues (one JSON file per language), language choice and formatting.
// English is complete; another language falls back to English key by key.
import fs from 'node:fs';
import { isRecord } from '../lib/stored-json.ts';

export const LANGUAGES = ['en', 'de', 'fr', 'es', 'it'] as const;
export type Lang = (typeof LANGUAGES)[number];
export type Catalogue = Record<string, string>;

const isCatalogue = (v: unknown): v is Catalogue => isRecord(v) && Object.values(v).every((m) => typeof m === 'string');

function load(lang: Lang): Catalogue {
  const v: unknown = JSON.parse(fs.readFileSync(new URL(`./messages/${lang}.json`, import.meta.url), 'utf8'));
  if (!isCatalogue(v)) throw new Error(`dialog/messages/${lang}.json must be an object of texts by key`);
  return v;
}

export const catalogues: Record<Lang, Catalogue> = { en: load('en'), de: load('de'), fr: load('fr'), es: load('es'), it: load('it') };

function supported(tag: string): Lang | null {
  const base = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Lang) : null;
}

/** The `lang` query parameter when it names a language we have, else the best of Accept-Language, else English. */
export function pickLang(query: string | undefined, acceptLanguage: string | undefined): Lang {
  const fromQuery = query ? supported(query) : null;
  if (fromQuery) return fromQuery;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((x) => x.tag.trim() && Number.isFinite(x.q) && x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    const lang = supported(tag);
    if (lang) return lang;
  }
  return 'en';
}

export type ParamValue = string | number | { money: number; currency: string } | { date: string };
export type Params = Record<string, ParamValue>;

// Dates and amounts in the conventions of the language's main market ("1 October 2026", "1. Oktober 2026", "1 octobre 2026").
const LOCALE: Record<Lang, string> = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR', es: 'es-ES', it: 'it-IT' };

function formatParam(lang: Lang, v: ParamValue): string {
  const locale = LOCALE[lang];
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return new Intl.NumberFormat(locale).format(v);
  if ('money' in v) {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency: v.currency, maximumFractionDigits: 20 }).format(v.money);
    } catch {
      return `${new Intl.NumberFormat(locale).format(v.money)} ${v.currency}`;
    }
  }
  const d = new Date(`${v.date}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? v.date : new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(d);
}

/** The text of `key` in `lang` with `{name}` placeholders filled; unknown keys come back as the key. */
export function t(lang: Lang, key: string, params: Params = {}): string {
  const template = catalogues[lang][key] ?? catalogues.en[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : formatParam(lang, params[name]!)));
}

/** A size in bytes for people: 25 MB, 800 kB. */
export function formatBytes(lang: Lang, bytes: number): string {
  const nf = new Intl.NumberFormat(LOCALE[lang], { maximumFractionDigits: 1 });
  if (bytes >= 1024 * 1024) return `${nf.format(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${nf.format(bytes / 1024)} kB`;
  return `${bytes} B`;
}

/** The keys the browser script needs, in one language. */
export function clientTexts(lang: Lang): Catalogue {
  const out: Catalogue = {};
  for (const key of Object.keys(catalogues.en)) {
    if (/^(?:(?:page|author|upload|findings|website|summary)\.|answer\.(?:label|send)$)/.test(key)) out[key] = catalogues[lang][key] ?? catalogues.en[key]!;
  }
  return out;
}
