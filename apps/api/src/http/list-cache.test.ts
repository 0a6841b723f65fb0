import { describe, expect, it } from 'vitest';
import { KeptAnswer } from '#api/http/kept-answer.ts';
import { createListCache } from './list-cache.ts';

const list = (version: number, length: number) => ({ version, answer: new KeptAnswer(Buffer.alloc(length)) });

describe('the cache of encoded lists', () => {
  it('keeps lists up to its size, the least recently used going first', () => {
    const cache = createListCache({ maxBytes: 100, minEntries: 2 });
    cache.set('a', list(1, 40));
    cache.set('b', list(1, 40));
    expect(cache.get('a')?.version).toBe(1); // a is now the most recently used
    cache.set('c', list(1, 40));
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([true, false, true]);
    expect(cache.size).toBe(80);
  });

  it('replaces a workspace’s list, and holds none larger than itself', () => {
    const cache = createListCache({ maxBytes: 100, minEntries: 2 });
    cache.set('a', list(1, 40));
    cache.set('a', list(2, 60));
    expect(cache.get('a')?.version).toBe(2);
    expect(cache.size).toBe(60);
    cache.set('a', list(3, 101));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps a list read now only when it has enough entries, forgetting the workspace’s kept one otherwise', () => {
    const cache = createListCache({ maxBytes: 100, minEntries: 2 });
    const kept = cache.keep('a', '[1,2]', 2, 7);
    expect(kept?.bytes.toString()).toBe('{"status":"success","data":[1,2]}');
    expect(cache.get('a')).toEqual({ version: 7, answer: kept });
    expect(cache.keep('a', '[1]', 1, 8)).toBeUndefined();
    expect(cache.get('a')).toBeUndefined();
  });
});
