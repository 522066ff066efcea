// PostgreSQL: the inserts of a write sent as one statement, chained as data-modifying common table
// expressions (WITH w0 AS (INSERT …), w1 AS (INSERT …) INSERT …). One statement is atomic on its
// own and costs one round trip, where BEGIN, one INSERT per row and COMMIT cost one each. Foreign
// keys between the rows hold: they are checked at the end of the statement.
import { CompiledQuery } from 'kysely';

/** Parameters PostgreSQL accepts in one statement (the protocol counts them in 16 bits). */
const MAX_PARAMETERS = 65_535;

/**
 * The statements as few statements as possible (one unless their parameters overflow a statement).
 * Each must be a plain INSERT, UPDATE or DELETE whose SQL holds no `$` other than its parameters.
 */
export function combineStatements(queries: readonly CompiledQuery[]): CompiledQuery[] {
  const out: CompiledQuery[] = [];
  let group: CompiledQuery[] = [];
  let count = 0;
  for (const q of queries) {
    if (group.length && count + q.parameters.length > MAX_PARAMETERS) {
      out.push(combine(group));
      group = [];
      count = 0;
    }
    group.push(q);
    count += q.parameters.length;
  }
  if (group.length) out.push(combine(group));
  return out;
}

function combine(queries: CompiledQuery[]): CompiledQuery {
  if (queries.length === 1) return queries[0]!;
  const parameters: unknown[] = [];
  const parts = queries.map((q) => {
    const offset = parameters.length;
    parameters.push(...q.parameters);
    return offset === 0 ? q.sql : q.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
  });
  const last = parts.pop()!;
  return CompiledQuery.raw(`with ${parts.map((p, i) => `w${i} as (${p})`).join(', ')} ${last}`, parameters);
}
