// `dossier lists import <file> [--format F] [--name N] [--topic sanctions|pep] [--alt alt.csv] [--add add.csv]`,
// `dossier lists fetch` and `dossier lists show`: imports a sanctions or PEP list as a new dated
// version (memory stays flat however large the file), or fetches those of SCREENING_LIST_URLS now,
// then queues the screening of every case against it.
import { listAllVersions } from '../db/screening.repo.ts';
import { FORMATS } from './formats/detect.ts';
import { importList, ListImportError } from './lists.ts';
import { enqueueRescreenAll } from './screening.jobs.ts';
import { type ListFetchContext, ListFetchService } from './list-fetch.ts';

export const LISTS_USAGE = `lists import <file> [--format ${FORMATS.join('|')}] [--name N] [--topic sanctions|pep] [--alt alt.csv] [--add add.csv]
                             import a sanctions or PEP list as a new version (format recognised from the content) and screen every case again
  lists fetch                fetch and import the lists of SCREENING_LIST_URLS now (as the schedule does)
  lists show                 every list version: list, format, date, entries, status, checksum`;

export interface ListsArgs {
  format?: string;
  name?: string;
  topic?: string;
  alt?: string;
  add?: string;
}

export async function listsCommand(ctx: ListFetchContext, sub: string | undefined, file: string | undefined, args: ListsArgs): Promise<number> {
  const { db, dialect, jobs } = ctx;
  if (sub === 'fetch') return fetchCommand(ctx);
  if (sub === 'show') {
    const versions = await listAllVersions(db);
    if (!versions.length) console.log('No list imported yet. Import one with: dossier lists import <file>');
    for (const v of versions)
      console.log(`${v.list_name}\t${v.format}\t${v.topic}\t${v.version_date}\t${v.entry_count} entries\t${v.status}\t${v.created_at}\t${v.checksum.slice(0, 12)}\t${v.file_name}`);
    return 0;
  }
  if (sub !== 'import' || !file || (args.topic && args.topic !== 'sanctions' && args.topic !== 'pep')) {
    console.error(`Usage: dossier ${LISTS_USAGE}`);
    return 1;
  }
  const started = Date.now();
  let shown = started;
  try {
    const out = await importList(db, dialect, file, { format: args.format, name: args.name, topic: args.topic as 'sanctions' | 'pep' | undefined, alt: args.alt, add: args.add }, (n) => {
      if (Date.now() - shown < 2000) return;
      shown = Date.now();
      process.stderr.write(`  ${n.toLocaleString('en')} entries, ${Math.round(n / ((Date.now() - started) / 1000)).toLocaleString('en')}/s\n`);
    });
    const v = out.version;
    if (out.unchanged) {
      console.log(`${file} is the active version of ${v.list_name} already (${v.version_date}, ${v.entry_count} entries): nothing imported.`);
      return 0;
    }
    const seconds = (Date.now() - started) / 1000;
    const cases = await enqueueRescreenAll(db, jobs, v.id);
    console.log(
      `Imported ${file} (${v.format}) as ${v.list_name} version ${v.version_date}: ${v.entry_count} entries in ${seconds.toFixed(1)} s (${Math.round(v.entry_count / Math.max(seconds, 0.001))}/s)${out.replaced.length ? ', replacing the previous version' : ''}. ${cases} case(s) queued for screening.`,
    );
    return 0;
  } catch (err) {
    if (err instanceof ListImportError) {
      console.error(`Not imported: ${err.message}`);
      return 1;
    }
    throw err;
  }
}

async function fetchCommand(ctx: ListFetchContext): Promise<number> {
  if (!ctx.config.SCREENING_LIST_URLS.length) {
    console.error('No list to fetch: set SCREENING_LIST_URLS (name=url pairs), or import a file with: dossier lists import <file>');
    return 1;
  }
  const service = new ListFetchService(ctx);
  try {
    const outcomes = await service.fetchAll();
    for (const o of outcomes) (o.outcome === 'failed' ? console.error : console.log)(`${o.list}: ${o.outcome === 'failed' ? 'not fetched: ' : ''}${o.message}.`);
    return outcomes.some((o) => o.outcome === 'failed') ? 1 : 0;
  } finally {
    service.close();
  }
}
