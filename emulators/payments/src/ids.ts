import { randomBytes } from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random letters and digits from the system's secure generator (unbiased: 248 = 4 × 62). */
export function randomToken(length: number): string {
  let token = '';
  while (token.length < length) {
    for (const byte of randomBytes(length + 8)) {
      if (byte >= 248) continue;
      token += alphabet[byte % alphabet.length];
      if (token.length === length) break;
    }
  }
  return token;
}

// Lengths follow Stripe's ids; the ones in URLs anyone can open (checkout, portal) are long enough to
// be unguessable.
const lengths = {
  cus: 14,
  pm: 24,
  prod: 14,
  price: 24,
  clock: 24,
  ii: 24,
  sub: 24,
  si: 14,
  seti: 24,
  in: 24,
  il: 24,
  li: 24,
  cs_test: 58,
  bps: 32,
  evt: 24,
  we: 24,
  whsec: 32,
  req: 14,
  whd: 24,
  mtr: 24,
  cbtxn: 24,
} as const;

export type IdPrefix = keyof typeof lengths;

export const newId = (prefix: IdPrefix) => `${prefix}_${randomToken(lengths[prefix])}`;

/** Now, in Unix seconds of real time. */
export const realNow = () => Math.floor(Date.now() / 1000);
