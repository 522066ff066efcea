// Streaming XML: each record element (an sdnEntry, an INDIVIDUAL, a sanctionEntity…) is built as a
// small tree and handed over before the next is read, so memory holds one record, not the file.
import fs from 'node:fs';
import { SaxesParser } from 'saxes';

export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: XmlNode[];
}

/** The first child named `name` (local name, any namespace prefix). */
export function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return node?.children.find((c) => c.name === name);
}
export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  return node ? node.children.filter((c) => c.name === name) : [];
}
/** Text of the first child named `name`, trimmed; '' when absent. */
export function textOf(node: XmlNode | undefined, name: string): string {
  return child(node, name)?.text.trim() ?? '';
}
/** Every descendant named `name`, depth first. */
export function descendants(node: XmlNode, name: string, out: XmlNode[] = []): XmlNode[] {
  for (const c of node.children) {
    if (c.name === name) out.push(c);
    descendants(c, name, out);
  }
  return out;
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Reads `file`, calls `onRecord` for each element whose local name is in `records`, and `onRoot`
 * with the root element's attributes (list dates live there). Rejects on malformed XML.
 */
export async function* xmlRecords(file: string, records: Set<string>, onRoot?: (name: string, attrs: Record<string, string>) => void): AsyncGenerator<XmlNode> {
  const parser = new SaxesParser({ xmlns: false });
  const stack: XmlNode[] = [];
  const ready: XmlNode[] = [];
  let depth = 0;
  let error: Error | null = null;
  parser.on('error', (e) => {
    error ??= e;
  });
  parser.on('opentag', (tag) => {
    depth++;
    const name = local(tag.name);
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(tag.attributes)) attrs[local(k)] = String(v);
    if (depth === 1) onRoot?.(name, attrs);
    if (stack.length || records.has(name)) {
      const node: XmlNode = { name, attrs, text: '', children: [] };
      stack.at(-1)?.children.push(node);
      stack.push(node);
    }
  });
  parser.on('text', (t) => {
    const top = stack.at(-1);
    if (top) top.text += t;
  });
  parser.on('closetag', () => {
    depth--;
    const node = stack.pop();
    if (node && stack.length === 0) ready.push(node);
  });
  const stream = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 });
  for await (const chunk of stream) {
    parser.write(chunk as string);
    if (error) throw new Error(`not well-formed XML: ${(error as Error).message}`);
    while (ready.length) yield ready.shift()!;
  }
  parser.close();
  if (error) throw new Error(`not well-formed XML: ${(error as Error).message}`);
  while (ready.length) yield ready.shift()!;
}
