// CSV records read line by line from a stream (RFC 4180 quoting, a quoted field may span lines):
// memory holds one record at a time, whatever the file's size.
import fs from 'node:fs';
import readline from 'node:readline';

/** Splits one complete record; null when a quoted field is still open (the record goes on). */
export function splitCsv(text: string): string[] | null {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(field);
      field = '';
    } else field += ch;
  }
  if (quoted) return null;
  out.push(field);
  return out;
}

/** Every record of a CSV file, in order. */
export async function* csvRecords(file: string, encoding: BufferEncoding = 'utf8'): AsyncGenerator<string[]> {
  const lines = readline.createInterface({ input: fs.createReadStream(file, { encoding }), crlfDelay: Number.POSITIVE_INFINITY });
  let pending = '';
  for await (const line of lines) {
    const text = pending ? `${pending}\n${line}` : line;
    const fields = splitCsv(text);
    if (fields === null) {
      if (text.length > 1_000_000) throw new Error('a quoted CSV field never closes: the file is not valid CSV');
      pending = text;
      continue;
    }
    pending = '';
    if (text.trim() === '' || text.trim() === '\u001a') continue;
    yield fields;
  }
  if (pending) throw new Error('the file ends inside a quoted CSV field: it is cut short or not valid CSV');
}
