// The form two usernames are compared in: Unicode compatibility normalisation (NFKC) and case
// folding, so "ADMINA", "admina" and "ａｄｍｉｎａ" are one name. Upper- then lower-casing folds
// the cases a plain toLowerCase leaves apart (ß and SS both become ss).

/** A username (of a back-office user or an API client) folded for uniqueness. */
export function foldUsername(username: string): string {
  return username.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
}

/** Why a new username cannot be had: `existing` holds it, exactly or folded. */
export function takenMessage(what: string, wanted: string, existing: string): string {
  return wanted === existing
    ? `${what} named "${wanted}" already exists`
    : `${what} named "${existing}" already exists, and usernames that differ only in case or character form are the same name; choose another`;
}
