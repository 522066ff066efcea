// `dossier clients set-dialog-origins <username> <origin…>`: the origins allowed to embed one API
// client's dialogs (CSP frame-ancestors) and to receive their completion postMessage.
import type { Db } from '../db/db.ts';
import { findClientByUsername } from '../db/clients.repo.ts';
import { parseOriginList } from '../lib/origins.ts';
import { saveOrigins } from '../db/dialog.repo.ts';

/** Sets the list (no origins: only Dossier's own pages may frame the dialog); returns the exit code. */
export async function setDialogOriginsCommand(db: Db, username: string, raw: string[]): Promise<number> {
  const client = await findClientByUsername(db, username);
  if (!client) {
    console.error(`There is no API client named "${username}".`);
    return 1;
  }
  let origins: string[];
  try {
    origins = parseOriginList(raw.join(' '));
  } catch (err) {
    console.error((err as Error).message);
    return 1;
  }
  await saveOrigins(db, client.id, origins);
  console.log(
    origins.length
      ? `Dialogs of ${username} may be embedded by: ${origins.join(' ')}. Completion is posted to these origins.`
      : `Dialogs of ${username} may not be embedded by other sites now (DIALOG_ORIGINS no longer applies to this client).`,
  );
  return 0;
}
