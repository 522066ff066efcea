// `dossier questionnaire set --client <name> <file.json>` and `dossier questionnaire show --client <name>`:
// an API client's questionnaire from the command line (each set is a new version).
import fs from 'node:fs';
import type { Db } from '../db/db.ts';
import { findClientByUsername } from '../db/clients.repo.ts';
import { AppError } from '../http/errors.ts';
import { latestQuestionnaire, questionnaireVersions, saveQuestionnaire } from './questionnaires.ts';

/** Runs the sub-command; returns the exit code. */
export async function questionnaireCommand(db: Db, sub: string | undefined, clientName: string | undefined, file: string | undefined): Promise<number> {
  if (!clientName || (sub !== 'set' && sub !== 'show') || (sub === 'set' && !file)) {
    console.error('Usage: dossier questionnaire set --client <name> <file.json> | dossier questionnaire show --client <name>');
    return 1;
  }
  const client = await findClientByUsername(db, clientName);
  if (!client) {
    console.error(`There is no API client named "${clientName}".`);
    return 1;
  }
  if (sub === 'show') {
    const current = await latestQuestionnaire(db, client.id);
    const versions = await questionnaireVersions(db, client.id);
    console.error(current.custom ? `Version ${current.definition.version} of ${versions.length}, saved ${current.created_at} by ${current.created_by}.` : 'No questionnaire set: the default is used.');
    console.log(JSON.stringify(current.definition, null, 2));
    return 0;
  }
  let text: string;
  try {
    text = fs.readFileSync(file!, 'utf8');
  } catch (err) {
    console.error(`Cannot read ${file}: ${(err as Error).message}`);
    return 1;
  }
  try {
    const saved = await saveQuestionnaire(db, client.id, text, 'cli');
    console.log(`Saved questionnaire "${saved.id}" as version ${saved.version} for ${clientName}; new onboarding conversations use it.`);
    return 0;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    console.error(err.message);
    for (const d of err.details) console.error(`  ${d.path || '(top)'}: ${d.message}`);
    return 1;
  }
}
