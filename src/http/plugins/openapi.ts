// The OpenAPI document of the API and its browsable page: /api/v1/openapi.json and /docs. Shares
// the app's scope (fastify-plugin), so the document lists every route registered after it.
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

export interface OpenApiOptions {
  /** The server address the document names (PUBLIC_URL). */
  publicUrl: string;
}

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
    await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true, uiConfig: { docExpansion: 'list', deepLinking: true } });
    app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'dossier-openapi' },
);
