import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding, type Precompressed } from './precompressed.ts';

const compressors: Record<Precompressed, (bytes: Buffer) => Promise<Buffer>> = {
  br: (bytes) =>
    promisify(zlib.brotliCompress)(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gzip: (bytes) => promisify(zlib.gzip)(bytes, { level: 6 }),
};

/**
 * The bytes of a JSON answer sent many times over (a kept list), with each compressed form made once,
 * on the first request that asks for it, off the event loop. Compressed per reply, a large kept list
 * cost several times the CPU of the read it replaced (docs/capacity.md).
 */
export class KeptAnswer {
  readonly bytes: Buffer;
  readonly #compressed = new Map<Precompressed, Promise<Buffer>>();

  constructor(bytes: Buffer) {
    this.bytes = bytes;
  }

  compressed(encoding: Precompressed): Promise<Buffer> {
    let compressed = this.#compressed.get(encoding);
    if (!compressed) {
      compressed = compressors[encoding](this.bytes);
      this.#compressed.set(encoding, compressed);
    }
    return compressed;
  }
}

/** Sends a kept answer as the request accepts it; @fastify/compress leaves an encoded reply alone. */
export async function sendKeptAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: KeptAnswer,
): Promise<Buffer> {
  reply.type('application/json; charset=utf-8').header('Vary', 'Accept-Encoding');
  const encoding = acceptedEncoding(request);
  if (!encoding) return answer.bytes;
  const compressed = await answer.compressed(encoding);
  reply.header('Content-Encoding', encoding);
  return compressed;
}

/** A list's answer: the bytes of a small one, read now; a large one as kept. */
export type ListAnswer = Buffer | KeptAnswer;

/**
 * Sends a list's answer: a kept one as the request accepts it, a small one as it is (@fastify/compress
 * compresses it per reply).
 */
export function sendListAnswer(request: FastifyRequest, reply: FastifyReply, answer: ListAnswer) {
  if (answer instanceof KeptAnswer) return sendKeptAnswer(request, reply, answer);
  reply.type('application/json; charset=utf-8');
  return answer;
}
