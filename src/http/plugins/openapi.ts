// The OpenAPI document of the API and its browsable page: /api/v1/openapi.json and /docs. Shares
// the app's scope (fastify-plugin), so the document lists every route registered after it.
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

export interface OpenApiOptions {
  /** The server address the document names (PUBLIC_URL). */
  publicUrl: string;
}

/**
 * The page's content security policy: the one @fastify/swagger-ui sets by default, with the hash of
 * the one <style> element its bundle (React) inserts, so the browser applies it instead of logging
 * a refusal. A newer bundle with another style element shows up in test/http/docs-page.browser.test.ts.
 */
const DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' https: data:",
  "frame-ancestors 'self'",
  "img-src 'self' data: validator.swagger.io",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' https: 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='",
  'upgrade-insecure-requests',
].join('; ');

export const openApiPlugin = fp<OpenApiOptions>(
  async (app, { publicUrl }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Dossier API',
          version: '1.0.0',
          description: 'Cases, conversations, documents and verifications for business client checks. All calls use HTTP Basic authentication.',
        },
        servers: [{ url: publicUrl }],
        components: { securitySchemes: { basicAuth: { type: 'http', scheme: 'basic' } } },
        security: [{ basicAuth: [] }],
      },
    });
    await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: DOCS_CSP, uiConfig: { docExpansion: 'list', deepLinking: true } });
    app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'dossier-openapi' },
);
