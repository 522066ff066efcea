// A real webhook receiver on a loopback port, checking each request as an integrating bank would:
// the Basic credentials it gave Dossier, then the signature over the raw body (the same few lines
// the README shows). Accepted requests are recorded; what it answers is up to each test.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Arrival {
  eventId: string;
  eventType: string;
  attempt: number;
  path: string;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  body: any;
  receivedAt: number;
}

/** The README's receiver check, verbatim: is this request signed by Dossier with our secret, recently? */
function fromDossier(headers: http.IncomingHttpHeaders, rawBody: string, secret: string): boolean {
  const { t, v1 } = Object.fromEntries(
    String(headers['x-dossier-signature'])
      .split(',')
      .map((kv) => kv.split('=')),
  );
  const expected = crypto.createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  const fresh = Math.abs(Date.now() / 1000 - Number(t)) < 300;
  return fresh && v1?.length === expected.length && crypto.timingSafeEqual(Buffer.from(v1), Buffer.from(expected));
}

/** An HTTP answer; 'hang': never answer; 'drop': take the event, then lose the connection before answering. */
export type Answer = { status: number; body?: string; headers?: Record<string, string> } | 'hang' | 'drop';

export class WebhookReceiver {
  readonly arrivals: Arrival[] = [];
  /** Requests refused by the checks (wrong credentials or signature). */
  readonly refused: { reason: string; headers: http.IncomingHttpHeaders }[] = [];
  /** Every request that reached the server, checked or not. */
  requests = 0;
  inFlight = 0;
  maxInFlight = 0;
  answer: (a: Arrival) => Answer = () => ({ status: 200, body: '{"ok":true}' });
  private server: http.Server | null = null;
  port = 0;

  constructor(private readonly expect: { username?: string; password?: string; secret?: string } = {}) {}

  url(path = '/hooks/dossier'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  async start(port = this.port): Promise<void> {
    const server = http.createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening and drops every connection, kept-alive ones included: the receiver is down. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  }

  events(type?: string): Arrival[] {
    return this.arrivals.filter((a) => !type || a.eventType === type);
  }

  distinctEventIds(): Set<string> {
    return new Set(this.arrivals.map((a) => a.eventId));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    this.requests++;
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    res.on('close', () => this.inFlight--);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const refuse = (status: number, reason: string) => {
        this.refused.push({ reason, headers: req.headers });
        res.writeHead(status).end(reason);
      };
      if (this.expect.username !== undefined) {
        const wanted = Buffer.from(`Basic ${Buffer.from(`${this.expect.username}:${this.expect.password ?? ''}`).toString('base64')}`);
        const given = Buffer.from(req.headers.authorization ?? '');
        if (given.length !== wanted.length || !crypto.timingSafeEqual(given, wanted)) return refuse(401, 'wrong credentials');
      }
      if (this.expect.secret !== undefined && !fromDossier(req.headers, rawBody, this.expect.secret)) return refuse(400, 'bad signature');
      const arrival: Arrival = {
        eventId: String(req.headers['x-dossier-event-id']),
        eventType: String(req.headers['x-dossier-event-type']),
        attempt: Number(req.headers['x-dossier-delivery-attempt']),
        path: req.url ?? '',
        headers: req.headers,
        rawBody,
        body: JSON.parse(rawBody),
        receivedAt: Date.now(),
      };
      const answer = this.answer(arrival);
      if (answer === 'hang') return; // never answers; the sender's deadline must end it
      if (answer === 'drop') {
        this.arrivals.push(arrival);
        req.socket.destroy();
        return;
      }
      if (answer.status >= 200 && answer.status < 300) this.arrivals.push(arrival);
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(answer.body ?? '');
    });
  }
}
