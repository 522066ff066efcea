// A PostgreSQL cluster of a test's own (initdb + pg_ctl on a free port, data under the system's
// temp folder), for tests that restart or stop the database. The machine's shared server is never
// touched. `privatePostgresMissing()` says why such a cluster cannot run here, for a skip reason.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server.ts';

export interface PrivatePostgres {
  /** postgres:// URL of its `postgres` database. */
  url: string;
  restart(mode: 'fast' | 'immediate'): void;
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  /** Stops it and removes its folder. */
  destroy(): void;
}

function binary(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir && fs.existsSync(path.join(dir, name))) return path.join(dir, name);
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort().reverse() : [];
  for (const v of versions) {
    const p = path.join('/usr/lib/postgresql', v, 'bin', name);
    if (fs.existsSync(p)) return p;
  }
  return null;
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Why no private cluster can start on this machine; null when one can. */
export function privatePostgresMissing(): string | null {
  if (!binary('initdb') || !binary('pg_ctl')) return 'the PostgreSQL server binaries (initdb, pg_ctl) are not installed';
  if (isRoot) {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root and there is no postgres user to run initdb as';
    }
  }
  return null;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const initdb = binary('initdb')!;
  const pgCtl = binary('pg_ctl')!;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  // initdb refuses to run as root: then the cluster belongs to the postgres user.
  const run = (file: string, args: string[]) => {
    if (isRoot) execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', [file, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ')], { stdio: 'pipe', timeout: 120_000 });
    else execFileSync(file, args, { stdio: 'pipe', timeout: 120_000 });
  };
  if (isRoot) execFileSync('chown', ['postgres', dir]);
  run(initdb, ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const ctl = (...args: string[]) => run(pgCtl, ['-D', data, '-w', '-t', '60', ...args]);
  ctl('-o', options, '-l', path.join(dir, 'log'), 'start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: (mode) => ctl('-m', mode, '-o', options, '-l', path.join(dir, 'log'), 'restart'),
    stop: (mode = 'fast') => ctl('-m', mode, 'stop'),
    start: () => ctl('-o', options, '-l', path.join(dir, 'log'), 'start'),
    destroy() {
      try {
        ctl('-m', 'immediate', 'stop');
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
