// The Fastify instance as route plugins see it: requests and replies typed from their TypeBox
// schemas (validation itself stays with the app's ajv and error handler). Fastify passes the type
// provider to plugins declared with FastifyPluginAsyncTypebox, not to inline child scopes, so
// those name their instance with this type.
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';

export type TypedFastify = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;
