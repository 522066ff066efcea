// `dossier registers import <file> --format psc|bods`: streams a register file into the local
// register, printing progress; memory stays flat however large the file.
import type { Db, Dialect } from '../../db/db.ts';
import { importRegisterFile } from './registers.service.ts';
import { countRegister } from '../../db/local-register.repo.ts';

export async function registersCommand(db: Db, dialect: Dialect, sub: string | undefined, file: string | undefined, format: string | undefined): Promise<number> {
  if (sub !== 'import' || !file || (format !== 'psc' && format !== 'bods')) {
    console.error('Usage: dossier registers import <file> --format psc|bods');
    return 1;
  }
  const started = Date.now();
  let shown = started;
  const stats = await importRegisterFile(db, dialect, file, format, (s) => {
    if (Date.now() - shown < 2000) return;
    shown = Date.now();
    process.stderr.write(`  ${s.lines.toLocaleString('en')} read, ${Math.round(s.lines / ((Date.now() - started) / 1000)).toLocaleString('en')}/s\n`);
  });
  const seconds = (Date.now() - started) / 1000;
  const total = await countRegister(db);
  console.log(
    `Imported ${file} (${format}): ${stats.lines} read, ${stats.accepted} accepted, ${stats.skipped} skipped in ${seconds.toFixed(1)} s (${Math.round(stats.lines / Math.max(seconds, 0.001))}/s). The local register now holds ${total.entities} entities and ${total.relationships} relationships.`,
  );
  return 0;
}
