// The OpenAPI document, the docs UI (served locally), health probes and request ids.
import { afterAll, describe, expect, it } from 'vitest';
import { setupAll } from '../helpers/setup.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

let s: TestServer;
setupAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

describe('API documentation', () => {
  it('publishes OpenAPI 3.1 with all nine endpoints, generated from the validating schemas', async () => {
    const res = await fetch(`${s.url}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    const ops = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`));
    for (const op of [
      'POST /api/v1/cases',
      'POST /api/v1/cases/{case_id}/conversations',
      'GET /api/v1/cases/{case_id}/result',
      'POST /api/v1/conversations/{conversation_id}/documents',
      'POST /api/v1/conversations/{conversation_id}/verifications',
      'GET /api/v1/conversations/{conversation_id}/verifications/{verification_id}',
      'POST /api/v1/conversations/{conversation_id}/comments',
      'POST /api/v1/conversations/{conversation_id}/status',
      'GET /api/v1/conversations/{conversation_id}/result',
    ]) {
      expect(ops).toContain(op);
    }
    const create = doc.paths['/api/v1/cases'].post;
    const schema = create.requestBody.content['application/json'].schema;
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.case.required).toEqual(expect.arrayContaining(['case_kind', 'company_full_name', 'company_country_code', 'modules']));
    expect(doc.components.securitySchemes.basicAuth).toEqual({ type: 'http', scheme: 'basic' });
  });

  it('serves the docs UI and its assets from this server', async () => {
    const res = await fetch(`${s.url}/docs/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('swagger');
    expect(html).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)[a-z0-9.-]+\.(com|net|org|io)\//i);
    const asset = await fetch(`${s.url}/docs/static/swagger-ui-bundle.js`);
    expect(asset.status).toBe(200);
    expect((await asset.text()).length).toBeGreaterThan(1000);
  });
});

describe('health', () => {
  it('answers liveness and readiness', async () => {
    expect(await (await fetch(`${s.url}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${s.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', details: { connections: { max_connections: expect.any(Number), open: expect.any(Number) } } });
  });

  it('gives every answer a request id, keeping a sane one the caller sent', async () => {
    const own = await fetch(`${s.url}/healthz`, { headers: { 'x-request-id': 'trace-123' } });
    expect(own.headers.get('x-request-id')).toBe('trace-123');
    const odd = await fetch(`${s.url}/healthz`, { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown routes with the error body', async () => {
    const res = await s.api('GET', '/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'not_found', message: expect.stringContaining('/api/v1/nothing-here') });
  });
});

describe('dialog link', () => {
  it('answers unknown ids with a plain page', async () => {
    const res = await fetch(`${s.url}/dialog?id=00000000-0000-4000-8000-000000000000`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('does not lead to a conversation');
    expect((await fetch(`${s.url}/dialog?id=%3Cscript%3E`)).status).toBe(404);
  });
});
