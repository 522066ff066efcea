// Reading very large register files with flat memory: lines of a JSON-lines file, and the
// top-level objects of a JSON array (or of concatenated / line-separated objects), one at a time,
// pulled from the stream only as fast as the consumer takes them.
import { StringDecoder } from 'node:string_decoder';

/** Non-empty lines of a stream of UTF-8 text. */
export async function* lines(stream: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of stream) {
    const text = rest + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
    let start = 0;
    for (let nl = text.indexOf('\n', start); nl !== -1; nl = text.indexOf('\n', start)) {
      const line = text.slice(start, nl).trim();
      if (line) yield line;
      start = nl + 1;
    }
    rest = text.slice(start);
  }
  const last = (rest + decoder.end()).trim();
  if (last) yield last;
}

/**
 * The JSON text of each top-level object: the elements of a top-level array, or objects written
 * one after another (JSON lines). Strings and escapes are tracked so braces inside them are ignored.
 */
export async function* jsonObjects(stream: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let base = -1; // depth of the objects to emit: 1 inside a top-level array, 0 otherwise
  let depth = 0;
  let inString = false;
  let escaped = false;
  let buf = '';
  let startAt = -1;
  const feed = function* (text: string): Generator<string> {
    let i = 0;
    const from = buf.length;
    buf += text;
    for (i = from; i < buf.length; i++) {
      const ch = buf.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (ch === 92)
          escaped = true; // backslash
        else if (ch === 34) inString = false; // quote
        continue;
      }
      if (ch === 34) inString = true;
      else if (ch === 123 || ch === 91) {
        // { or [
        if (base === -1) base = ch === 91 ? 1 : 0;
        if (ch === 123 && depth === base) startAt = i;
        depth++;
      } else if (ch === 125 || ch === 93) {
        depth--;
        if (ch === 125 && depth === base && startAt !== -1) {
          yield buf.slice(startAt, i + 1);
          startAt = -1;
        }
      }
    }
    // Keep only the object being read (if any); everything before it has been handed out.
    if (startAt === -1) buf = '';
    else {
      buf = buf.slice(startAt);
      startAt = 0;
    }
  };
  for await (const chunk of stream) yield* feed(typeof chunk === 'string' ? chunk : decoder.write(chunk));
  yield* feed(decoder.end());
  if (inString || depth !== 0) throw new Error('the JSON file ends in the middle of a value');
}
