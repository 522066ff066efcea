// structuredClone for the messages pdfjs passes between its two halves in a reading thread. On Node
// pdfjs runs its "worker" in the same thread and copies every message with the global
// structuredClone, which Node 20 implements as a round trip through a MessageChannel: some µs for
// the smallest message, and about as much as the text extraction itself over a document's text
// chunks, stream acknowledgements and replies. Nearly all of them are plain data (objects, arrays,
// strings, numbers, instances of pdfjs's own classes), copied here in JavaScript with the same
// result: plain objects and arrays with the same own enumerable properties in the same order,
// shared and circular references kept. Anything else (typed arrays, errors, dates, maps, a transfer
// list…) goes to the platform's structuredClone, as does any message the copy here gives up on.

const platformClone = globalThis.structuredClone;
const typeTag = Object.prototype.toString;

/** Thrown (never seen outside) when a value is not plain data: the platform's clone takes the message. */
const NOT_PLAIN: unique symbol = Symbol('not plain');

function copy(value: unknown, seen: Map<object, unknown>): unknown {
  if (typeof value !== 'object' || value === null) {
    // Functions and symbols cannot be cloned: the platform throws its own DataCloneError for them.
    if (typeof value === 'function' || typeof value === 'symbol') throw NOT_PLAIN;
    return value;
  }
  const known = seen.get(value);
  if (known !== undefined) return known;
  const proto = Object.getPrototypeOf(value);
  if (proto === Array.prototype) {
    const from = value as unknown[];
    const n = from.length;
    const out: unknown[] = [];
    seen.set(value, out);
    for (let i = 0; i < n; i++) {
      // A hole stays a hole in the platform's copy.
      if (!(i in from)) throw NOT_PLAIN;
      out.push(copy(from[i], seen));
    }
    return out;
  }
  // An instance of a class of pdfjs's own (a Ref, an exception it passes on) is an ordinary object,
  // copied as the plain object of its own properties; the platform's types (dates, maps, errors, typed
  // arrays, boxed primitives…) name themselves otherwise.
  if (proto !== Object.prototype && proto !== null && typeTag.call(value) !== '[object Object]') throw NOT_PLAIN;
  const from = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  seen.set(value, out);
  for (const key of Object.keys(from)) {
    // Assigning "__proto__" would set the prototype rather than add the property.
    if (key === '__proto__') throw NOT_PLAIN;
    out[key] = copy(from[key], seen);
  }
  return out;
}

/** structuredClone(value, options), copied in JavaScript when the value is plain data and nothing is transferred. */
export function plainClone<T>(value: T, options?: StructuredSerializeOptions): T {
  if (!options?.transfer?.length) {
    try {
      return copy(value, new Map()) as T;
    } catch {
      // Not plain data (or too deep to copy here): the platform's copy, with its own errors.
    }
  }
  return platformClone(value, options);
}

/**
 * Makes the global structuredClone of this thread plainClone: for a reading thread, which runs pdfjs
 * and nothing of the service. Returns a function that puts the platform's back.
 */
export function plainCloneInThisThread(): () => void {
  globalThis.structuredClone = plainClone;
  return () => {
    globalThis.structuredClone = platformClone;
  };
}
