import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/**
 * auth0-js calls the provider from the app's origin with `Auth0-Client` and JSON bodies, so every call
 * is preceded by a preflight. Only IDENTITY_WEB_ORIGINS get CORS headers; other origins get none.
 */
export async function registerCors(app: FastifyInstance, webOrigins: string[]) {
  const allowed = new Set(webOrigins);
  await app.register(fastifyCors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['auth0-client', 'content-type', 'authorization'],
    // The My Account API names a new authentication method in `Location`.
    exposedHeaders: ['Location'],
    credentials: true,
    maxAge: 600,
  });
}
