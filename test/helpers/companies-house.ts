// A loopback stand-in for the Companies House REST and document APIs, answering with the recorded
// answers in test/fixtures/companies-house/. It checks the API key (HTTP Basic, key as username),
// counts requests, and can be told to answer 429 for a while.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'companies-house');

export const TEST_API_KEY = 'test-key-0123456789';

/** A small valid PDF whose text names the document, standing in for a filed document. */
export function filingPdf(name: string): Buffer {
  const text = `Filed document ${name}`.replace(/[()\\]/g, '');
  const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export interface FakeCompaniesHouse {
  url: string;
  /** Paths asked for, in order (API and document requests, not the storage redirects). */
  requests: string[];
  /** Authorization headers seen on storage (redirect target) requests. */
  storageAuth: (string | undefined)[];
  /** Answer 429 to the next n API requests. */
  throttle(n: number): void;
  close(): Promise<void>;
}

export async function startFakeCompaniesHouse(): Promise<FakeCompaniesHouse> {
  const requests: string[] = [];
  const storageAuth: (string | undefined)[] = [];
  let throttled = 0;
  const expected = `Basic ${Buffer.from(`${TEST_API_KEY}:`).toString('base64')}`;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname.startsWith('/s3/')) {
      storageAuth.push(req.headers.authorization);
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(filingPdf(url.pathname.slice(4)));
      return;
    }
    requests.push(url.pathname);
    if (req.headers.authorization !== expected) return json(401, { error: 'Invalid Authorization', type: 'ch:service' });
    if (throttled > 0) {
      throttled--;
      res.writeHead(429, { 'content-type': 'text/plain', 'retry-after': '2' });
      res.end('Too Many Requests');
      return;
    }
    const content = /^\/document\/([\w-]+)\/content$/.exec(url.pathname);
    if (content) {
      res.writeHead(302, { location: `http://${req.headers.host}/s3/${content[1]}.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=abc123` });
      res.end();
      return;
    }
    const file = path.join(FIXTURES, `${url.pathname.replace(/\.\./g, '')}.json`);
    if (!fs.existsSync(file)) return json(404, { errors: [{ error: 'company-profile-not-found', type: 'ch:service' }] });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as import('node:net').AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    storageAuth,
    throttle: (n) => (throttled = n),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
