import { z } from 'zod';
import { errorCodes } from './error-codes.ts';

/**
 * Every API answer (docs/security.md): `{status: 'success', data}`, or for any refusal or failure
 * `{status: 'error', code, message, fields?, traceId?}` with `fields` naming each invalid request field
 * and `traceId` the request's trace where the server exports traces (docs/tracing.md).
 */
export const errorEnvelope = z
  .object({
    status: z.literal('error'),
    code: z.enum(errorCodes).describe('Stable, for programs: switch on it, never on the message.'),
    message: z.string().describe('For people: what went wrong and what to do.'),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .describe('validation_failed: the first message of each invalid field, by its dotted path.'),
    traceId: z
      .string()
      .regex(/^[0-9a-f]{32}$/)
      .optional()
      .describe(
        'Where the server exports traces: the W3C trace id of this request. Quote it when reporting the error.',
      ),
  })
  .meta({ id: 'ErrorEnvelope' });

export type ErrorEnvelope = z.output<typeof errorEnvelope>;

/** The success envelope around one endpoint's data. */
export const successEnvelope = <Data extends z.ZodType>(data: Data) =>
  z.object({ status: z.literal('success'), data });

export type SuccessEnvelope<Data> = { status: 'success'; data: Data };

/** Either envelope, as a client reads an answer before looking at its status. */
export type Envelope<Data> = SuccessEnvelope<Data> | ErrorEnvelope;
