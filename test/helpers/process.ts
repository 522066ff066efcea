// Runs the real `dossier` command in a child process, for crash and shutdown tests.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { profileFor } from './profile.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `cwd`: the tree to run (the repository by default; a copy of it for tests that change the source). */
export function runDossier(args: string[], env: Record<string, string>, cwd = root): ChildProcess & { output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
    cwd,
    // A worker's own health and metrics port stays off unless a test asks for one: tests run many at once.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', WORKER_HTTP_PORT: '0', ...profileFor(env.DATABASE_URL), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += String(d)));
  child.stderr!.on('data', (d) => (output += String(d)));
  return Object.assign(child, { output: () => output });
}

export function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}
