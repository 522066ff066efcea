// Reading values out of fast-xml-parser's output, where an element is a string, an object with
// '#text' and '@_' attributes, or an array when it repeats.
import { XMLParser } from 'fast-xml-parser';

export type XmlNode = string | number | boolean | { [key: string]: XmlNode } | XmlNode[] | null | undefined;

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Decimals and identifiers stay exactly as written ("0100", "235.60").
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: true,
  htmlEntities: false,
});

/** Parses an XML document; refuses documents with a DTD (entity expansion is a way to blow up memory). */
export function parseXml(xml: string): Record<string, XmlNode> | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return null;
  try {
    return parser.parse(xml) as Record<string, XmlNode>;
  } catch {
    return null;
  }
}

/** Text of an XML file's bytes: UTF-8 (BOM dropped) unless the declaration names a Latin encoding. */
export function xmlBytesToString(bytes: Buffer): string {
  const head = bytes.toString('latin1', 0, Math.min(bytes.length, 200));
  const latin = /encoding\s*=\s*["'](iso-8859-1|latin-?1|windows-1252)["']/i.test(head);
  return (latin ? bytes.toString('latin1') : bytes.toString('utf8')).replace(/^\uFEFF/, '');
}

export function all(node: XmlNode, key: string): XmlNode[] {
  if (node === null || node === undefined || typeof node !== 'object' || Array.isArray(node)) return [];
  const v = node[key];
  if (v === undefined || v === null) return [];
  return Array.isArray(v) ? v : [v];
}

export function first(node: XmlNode, ...path: string[]): XmlNode {
  let cur: XmlNode = node;
  for (const key of path) {
    const list = Array.isArray(cur) ? cur.flatMap((c) => all(c, key)) : all(cur, key);
    cur = list[0];
    if (cur === undefined) return undefined;
  }
  return cur;
}

export function text(node: XmlNode): string | null {
  if (Array.isArray(node)) return text(node[0]);
  if (typeof node === 'string') return node.trim() === '' ? null : node.trim();
  if (typeof node === 'number' || typeof node === 'boolean') return String(node);
  if (node && typeof node === 'object') return text(node['#text']);
  return null;
}

export function attr(node: XmlNode, name: string): string | null {
  if (Array.isArray(node)) return attr(node[0], name);
  if (node && typeof node === 'object') {
    const v = node[`@_${name}`];
    return typeof v === 'string' ? v : null;
  }
  return null;
}

/** Text at a path, whitespace runs collapsed (party names sometimes break lines). */
export function textAt(node: XmlNode, ...path: string[]): string | null {
  const t = text(first(node, ...path));
  return t === null ? null : t.replace(/\s+/g, ' ');
}

export function numberOrNull(s: string | null): number | null {
  if (s === null) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** An amount in the given currency when the element repeats per currency (tax totals). */
export function amountIn(nodes: XmlNode[], currency: string | null): string | null {
  const match = nodes.find((n) => currency !== null && attr(n, 'currencyID') === currency);
  return text(match ?? nodes[0]);
}

/** CII dates: format 102 is YYYYMMDD; other formats are kept as written. */
export function ciiDate(node: XmlNode): string | null {
  const t = text(first(node, 'DateTimeString')) ?? text(node);
  if (t === null) return null;
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : t;
}
