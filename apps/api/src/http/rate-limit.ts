import type { RateLimitOptions } from '@fastify/rate-limit';
import { AppError } from './app-error.ts';

export type RateLimitConfig = { max: number; windowMs: number };

/** Per-IP limit for the public POST endpoints (newsletter, contact), answered in the API envelope. */
export function publicPostLimit(config: RateLimitConfig): RateLimitOptions {
  const seconds = Math.ceil(config.windowMs / 1000);
  return {
    max: config.max,
    timeWindow: config.windowMs,
    errorResponseBuilder: () =>
      new AppError(
        429,
        'rate_limited',
        `Too many requests from your address. Please wait ${seconds} seconds and try again.`,
      ),
  };
}
