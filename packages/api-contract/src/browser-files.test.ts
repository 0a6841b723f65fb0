import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };

// The subpaths besides '.' are what the web app's browser code imports (the access token's claims, field
// rules, error codes, the permission table, the item stream's events and the parser that reads them): none may import
// anything, zod least of all (decision 0011).
const browserFiles = Object.entries(packageJson.exports).filter(([subpath]) => subpath !== '.');

describe('the files exported for the browser', () => {
  it('are the seven files without imports', () => {
    expect(browserFiles.map(([subpath]) => subpath).sort()).toEqual([
      './access-token-claims',
      './error-codes',
      './field-rules',
      './item-stream',
      './permissions',
      './server-sent-events',
      './webhook-events',
    ]);
  });

  it.each(browserFiles)('%s (%s) imports nothing', async (_, file) => {
    const source = await readFile(new URL(`../${file}`, import.meta.url), 'utf8');
    expect(source).not.toMatch(/^\s*(import|export)\s(?!type\b)[^;]*\bfrom\s/m);
    expect(source).not.toMatch(/\bimport\(/);
  });
});
