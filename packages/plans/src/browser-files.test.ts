import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };

// The subpaths besides '.' are the files the hosted account page's browser script imports: the
// omniout build compiles each on its own and serves it beside the script, so none may import anything.
const browserFiles = Object.entries(packageJson.exports).filter(([subpath]) => subpath !== '.');

describe('the files exported for browser scripts', () => {
  it.each(browserFiles)('%s (%s) imports nothing', async (_, file) => {
    const source = await readFile(new URL(`../${file}`, import.meta.url), 'utf8');
    expect(source).not.toMatch(/^\s*(import|export)\s(?!type\b)[^;]*\bfrom\s/m);
    expect(source).not.toMatch(/\bimport\(/);
  });
});
