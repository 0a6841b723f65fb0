import { normalizeIP } from '@fastify/rate-limit';

/** One open stream as the limits see it: `end` closes it cleanly. */
type OpenStream = { user: string; address: string; end(): void };

export type StreamLimits = ReturnType<typeof createStreamLimits>;

/**
 * The open live-list streams of this instance, counted per user (STREAMS_PER_USER_MAX) and per client
 * address (STREAMS_PER_ADDRESS_MAX): each holds a socket, a LISTEN subscriber and a list read on every
 * change, so one token or one machine must not open them without end. A new stream past a limit is
 * accepted and the OLDEST stream of that user or address is ended instead: the newest is the window
 * the person is looking at, an old one is most likely a forgotten tab or a connection whose reader
 * went away without the server noticing yet.
 *
 * The address is `request.ip` (it follows TRUST_PROXY), an IPv6 one taken as its /64 as the per-IP
 * rate limits do, since one IPv6 client holds a whole /64.
 */
export function createStreamLimits(limits: { perUser: number; perAddress: number }) {
  // Sets keep insertion order: the first entry is the oldest stream.
  const byUser = new Map<string, Set<OpenStream>>();
  const byAddress = new Map<string, Set<OpenStream>>();

  const add = (map: Map<string, Set<OpenStream>>, key: string, stream: OpenStream) => {
    const streams = map.get(key);
    if (streams) streams.add(stream);
    else map.set(key, new Set([stream]));
  };
  const remove = (map: Map<string, Set<OpenStream>>, key: string, stream: OpenStream) => {
    const streams = map.get(key);
    if (!streams?.delete(stream)) return;
    if (streams.size === 0) map.delete(key);
  };
  const forget = (stream: OpenStream) => {
    remove(byUser, stream.user, stream);
    remove(byAddress, stream.address, stream);
  };
  /** Ends the oldest streams under `key` until one more fits. */
  const makeRoom = (map: Map<string, Set<OpenStream>>, key: string, max: number) => {
    const streams = map.get(key);
    while (streams && streams.size >= max) {
      const [oldest] = streams;
      if (!oldest) return;
      forget(oldest);
      oldest.end();
    }
  };

  return {
    /**
     * Counts a new stream of `user` from `address`, first ending the oldest ones it displaces. The
     * returned function forgets it (safe to call more than once).
     */
    admit(user: string, address: string, end: () => void): () => void {
      const stream: OpenStream = { user, address: normalizeIP(address), end };
      makeRoom(byUser, stream.user, limits.perUser);
      makeRoom(byAddress, stream.address, limits.perAddress);
      add(byUser, stream.user, stream);
      add(byAddress, stream.address, stream);
      return () => forget(stream);
    },

    /** Open streams of a user and of an address (for tests and diagnostics). */
    countOf(user: string) {
      return byUser.get(user)?.size ?? 0;
    },
    countFrom(address: string) {
      return byAddress.get(normalizeIP(address))?.size ?? 0;
    },
  };
}
