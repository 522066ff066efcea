// `dossier clients set-document-languages <username> [code…]`: the languages one API client accepts
// documents in without a translation (no codes: DOCUMENT_LANGUAGES applies to it again).
import type { Db } from '../db/db.ts';
import { findClientByUsername } from '../db/clients.repo.ts';
import { saveDocumentLanguages } from '../db/translations.repo.ts';

/** Sets or clears the client's list; returns the exit code. */
export async function setDocumentLanguagesCommand(db: Db, username: string, raw: string[]): Promise<number> {
  const client = await findClientByUsername(db, username);
  if (!client) {
    console.error(`There is no API client named "${username}".`);
    return 1;
  }
  const codes = [
    ...new Set(
      raw
        .flatMap((r) => r.split(/[\s,]+/))
        .filter(Boolean)
        .map((c) => c.toLowerCase()),
    ),
  ];
  const bad = codes.find((c) => !/^[a-z]{2}$/.test(c));
  if (bad !== undefined) {
    console.error(`"${bad}" is not a two-letter language code (ISO 639-1) such as en or de.`);
    return 1;
  }
  await saveDocumentLanguages(db, client.id, codes.length ? codes : null);
  console.log(codes.length ? `Documents of ${username} are accepted without a translation in: ${codes.join(', ')}.` : `Documents of ${username} follow DOCUMENT_LANGUAGES again.`);
  return 0;
}
