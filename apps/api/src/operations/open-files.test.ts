import { describe, expect, it } from 'vitest';
import { openFilesLimit, parseOpenFilesLimit } from './open-files.ts';

const limits = (openFiles: string) =>
  [
    'Limit                     Soft Limit           Hard Limit           Units     ',
    'Max processes             94893                94893                processes ',
    `Max open files            ${openFiles}                files     `,
    'Max locked memory         8388608              8388608              bytes     ',
  ].join('\n');

describe('the open-files limit', () => {
  it('reads the soft limit, not the hard one', () => {
    expect(parseOpenFilesLimit(limits('1024                 524288'))).toBe(1024);
  });

  it('reads "unlimited" as no limit', () => {
    expect(parseOpenFilesLimit(limits('unlimited            unlimited'))).toBe(Number.POSITIVE_INFINITY);
  });

  it('knows nothing from a text without the line', () => {
    expect(parseOpenFilesLimit('')).toBeUndefined();
  });

  it.skipIf(process.platform !== 'linux')('reads this process’s own limit on Linux', () => {
    expect(openFilesLimit()).toBeGreaterThan(0);
  });
});
