// Shared plumbing for the benchmark's child servers (bench/api/dossier-server.ts and
// bench/api/baseline.ts): the one-line "ready" handshake with the parent, and a shutdown that
// runs on SIGTERM/SIGINT or when the parent goes away (stdin closes), with a hard deadline so a
// child never lingers. A normal exit also lets `node --cpu-prof` write its profile.

export const READY_PREFIX = 'BENCH_READY ';

export interface ReadyMessage {
  port: number;
  /** Path of the GET scenario, e.g. /api/v1/cases/<id>/result. */
  getPath: string;
  /** Path of the POST scenario. */
  postPath: string;
  /** Extra request headers (authorization) for both scenarios. */
  headers: Record<string, string>;
  /** The POST body autocannon sends. */
  postBody: string;
  /** Size in bytes of the GET answer, for the report. */
  getBytes: number;
}

export function announceReady(msg: ReadyMessage): void {
  process.stdout.write(`${READY_PREFIX}${JSON.stringify(msg)}\n`);
}

export function onShutdown(close: () => Promise<void>, deadlineMs = 10_000): void {
  let stopping = false;
  const stop = (why: string) => {
    if (stopping) return;
    stopping = true;
    const timer = setTimeout(() => {
      process.stderr.write(`[bench child] ${why}: close took over ${deadlineMs} ms, exiting anyway\n`);
      process.exit(1);
    }, deadlineMs);
    timer.unref();
    close()
      .catch((err) => process.stderr.write(`[bench child] close failed: ${String(err)}\n`))
      .finally(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  // The parent holds our stdin open; when it exits (even by SIGKILL) stdin ends and we stop too.
  process.stdin.on('end', () => stop('parent gone'));
  process.stdin.on('error', () => stop('parent gone'));
  process.stdin.resume();
}

/** The create-case body of the issue; the bare baseline stores the same JSON. */
export const CREATE_CASE_BODY = JSON.stringify({
  communication_id: 'b-1',
  case: {
    case_kind: 'onboarding',
    company_full_name: 'Acme Trading Ltd',
    company_country_code: 'GB',
    company_reg_number: '01234567',
    user_full_name: 'Jane Public',
    modules: [{ module: 'documents_verification' }],
  },
});
