// Whether a line of an identity document is the label of a field, as cards print labels over their
// values: the label ending the line ("… Surname"), or one of a label's languages parted by slashes
// ("Nazwisko / Surname / Nom (1)"). Pure.

/**
 * A line of labels in several languages parted by slashes, with the field's number before or after
 * ("1. Surname/Nom (1)", "Nazwisko / Surname / Nom"), one of them the label.
 */
export function labelInParts(folded: string, labels: readonly string[]): boolean {
  if (!folded.includes('/')) return false;
  const parts = folded.split('/').map((p) =>
    p
      .replace(/\((?:s|n|i|e)\)/g, '')
      .replace(/^\s*\d{1,2}[a-d]?[.)]?\s+/, '')
      .replace(/\(\d{1,2}\)\s*$/, '')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim(),
  );
  return parts.length <= 4 && parts.every((p) => p.split(' ').length <= 3) && parts.some((p) => labels.includes(p));
}

/** Whether a folded line (or cell) is one of `labels`: the label ending it, or one of its languages. */
export function isLabelLine(folded: string, labels: readonly string[]): boolean {
  // "Given name(s)", "Apelido(s)", "Vorname(n)", "Nome(i)": the plural's mark is no part of the label.
  const label = folded
    .replace(/\((?:s|n|i|e)\)/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return labels.some((l) => label === l || label.endsWith(` ${l}`)) || labelInParts(folded, labels);
}
