import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '#api/http/app-error.ts';

/** An absolute http(s) address; whether it is on this site is checked against the request. */
export const returnAddress = (label: string) =>
  z
    .string({ error: `Please give the ${label}.` })
    .trim()
    .max(2000, `The ${label} is too long.`)
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
      message: `The ${label} must be an absolute http(s) address.`,
    });

/**
 * The provider sends the browser back to these addresses, so they must be pages of this site: never an
 * open redirect through the provider. The site is the request's own origin (TRUST_PROXY makes that the
 * public one behind a proxy) or the browser's Origin header.
 */
export function assertOwnSite(request: FastifyRequest, address: string, field: string) {
  const origin = new URL(address).origin;
  const ownOrigins = [`${request.protocol}://${request.host}`, request.headers.origin];
  if (!ownOrigins.includes(origin)) {
    throw new AppError(400, 'validation_failed', 'The return address must be a page of this site.', {
      [field]: 'The return address must be a page of this site.',
    });
  }
}
