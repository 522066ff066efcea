// Reads Prometheus exposition text: the value of one series, or the sum over the series that carry
// the given labels.
export function metricSum(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(\{(.*)\})?\s+(\S+)/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[3] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) sum += Number(m[4]);
  }
  return sum;
}

/** Whether the text has a series of this name at all. */
export function hasMetric(text: string, name: string): boolean {
  return text.split('\n').some((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
}
