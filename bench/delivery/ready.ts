// The line bench/delivery/dossier-child.ts prints when it listens (followed by JSON {url}).
export const READY = 'DELIVERY_BENCH_READY ';
