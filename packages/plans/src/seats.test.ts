import { describe, expect, it } from 'vitest';
import { isAtSeatLimit, seatLimit } from './seats.ts';

describe('seats (docs/product.md §4, §6)', () => {
  it("the limit is the subscription's quantity, whole and never negative", () => {
    expect(seatLimit(5)).toBe(5);
    expect(seatLimit(25)).toBe(25);
    expect(seatLimit('3')).toBe(3);
    expect(seatLimit(2.9)).toBe(2);
  });

  it('the limit is 0 without a quantity or for anything not a count', () => {
    for (const quantity of [0, null, undefined, -3, Number.NaN, 'many', {}])
      expect(seatLimit(quantity)).toBe(0);
  });

  it("are at their limit once the used seats reach the plan's seats, and always without seats", () => {
    expect(isAtSeatLimit(0, 5)).toBe(false);
    expect(isAtSeatLimit(4, 5)).toBe(false);
    expect(isAtSeatLimit(5, 5)).toBe(true);
    expect(isAtSeatLimit(6, 5)).toBe(true);
    expect(isAtSeatLimit(0, 0)).toBe(true);
  });
});
