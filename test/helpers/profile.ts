// The suite's profile. A CI run may set TEST_PROFILE_<VARIABLE> (JOBS_BACKEND, STORAGE, S3_*):
// every test server and child `dossier` process then runs with <VARIABLE>, unless the test sets
// that variable itself. .ci/run's scale-out run uses it for "PostgreSQL + pg-boss + S3".
// JOBS_BACKEND=pg-boss applies only to servers on PostgreSQL (a test that forces SQLite keeps the table).
const PREFIX = 'TEST_PROFILE_';

export const profileVariables: Record<string, string> = Object.fromEntries(
  Object.entries(process.env)
    .filter(([k, v]) => k.startsWith(PREFIX) && v !== undefined && v !== '')
    .map(([k, v]) => [k.slice(PREFIX.length), v as string]),
);

/** The profile's variables for a server on this database ('' for SQLite). */
export function profileFor(databaseUrl: string | undefined): Record<string, string> {
  if (databaseUrl) return { ...profileVariables };
  const { JOBS_BACKEND: _pgOnly, ...rest } = profileVariables;
  return rest;
}

/** The jobs backend test servers run on by default. */
export function profileJobsBackend(databaseUrl: string | undefined): 'table' | 'pg-boss' {
  return profileFor(databaseUrl).JOBS_BACKEND === 'pg-boss' ? 'pg-boss' : 'table';
}
