import type { z } from 'zod';
import type { ErrorCode } from './error-codes.ts';

/**
 * One endpoint of the API: what the route table holds for each route the server registers, and what
 * the OpenAPI document is generated from (openapi.ts). `path` is written as Fastify writes it
 * (`/api/items/:id`).
 */
export type Endpoint = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  /** A unique name, the document's operationId. */
  id: string;
  /** The document's tag: the part of the product the endpoint belongs to. */
  tag: string;
  summary: string;
  description?: string;
  /**
   * Who may call it: `bearer`, an access token of the identity provider; `public`, anyone;
   * `stripe-signature`, the payment provider, signed; `loopback`, a client on the server's own machine.
   */
  auth: 'bearer' | 'public' | 'stripe-signature' | 'loopback';
  /**
   * A `bearer` endpoint a workspace's API key may call too (`Bearer lk_…`, docs/api-keys.md), acting
   * with the key's role in the key's workspace. Absent: people only; a key is refused
   * (`auth/api-key-not-allowed`) before the handler runs.
   */
  apiKeys?: true;
  /** Registered in embedded (development) mode only, never in production. */
  developmentOnly?: boolean;
  request?: {
    params?: z.ZodObject;
    query?: z.ZodObject;
    headers?: z.ZodObject;
    body?: z.ZodType;
  };
  answer: {
    status: 200 | 201;
    description: string;
    /** application/json unless said: the schema of the whole answer, envelope included. */
    contentType?: 'application/json' | 'text/event-stream' | 'text/html' | 'text/csv';
    schema: z.ZodType;
  };
  /** The refusals particular to this endpoint, by HTTP status (the common ones are added for all). */
  errors?: Partial<Record<400 | 401 | 403 | 404 | 409 | 429 | 502 | 503, readonly ErrorCode[]>>;
};

/** Checks an endpoint against the type while keeping its own schemas' types (for z.output). */
export const endpoint = <const E extends Endpoint>(definition: E): E => definition;
