// Decoding stored JSON: parsed, its shape checked, and handed on typed, so that no caller casts what
// it reads. A value of the wrong shape is an error (StoredJsonError, naming what was read), never a
// wrong fact passed on. The data layer's decoders of each column (db/stored-json.ts) stand on these.
export class StoredJsonError extends Error {
  constructor(what: string, why: string) {
    super(`stored ${what} ${why}`);
    this.name = 'StoredJsonError';
  }
}

/** Parses stored JSON text; what it holds is still to be checked. */
export function storedJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new StoredJsonError(what, 'is not valid JSON');
  }
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Stored JSON that holds an object. */
export function storedObject(text: string, what: string): Record<string, unknown> {
  const v = storedJson(text, what);
  if (!isRecord(v)) throw new StoredJsonError(what, 'is not an object');
  return v;
}

/** Stored JSON checked by a type guard (the guard says which shape it accepts). */
export function storedAs<T>(text: string, what: string, is: (v: unknown) => v is T): T {
  const v = storedJson(text, what);
  if (!is(v)) throw new StoredJsonError(what, 'does not have the expected shape');
  return v;
}

export const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** Stored JSON that holds a list of texts (names, e-mail addresses, reasons, languages, origins). */
export function storedStrings(text: string, what: string): string[] {
  return storedAs(text, what, isStringList);
}

/** Stored JSON of a given shape, or null when there is none, it is not JSON, or it has another shape. */
export function storedOrNull<T>(text: string | null | undefined, is: (v: unknown) => v is T): T | null {
  if (!text) return null;
  try {
    const v: unknown = JSON.parse(text);
    return is(v) ? v : null;
  } catch {
    return null;
  }
}

export const isRecordList = (v: unknown): v is Record<string, unknown>[] => Array.isArray(v) && v.every(isRecord);
