import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appPortOf, siteOriginOf, withSiteOrigin } from './site-origin.mjs';
import { buildAll, root } from './workspace.mjs';

describe('siteOriginOf', () => {
  it('is the local server on PORT when VITE_SITE_URL is unset', () => {
    expect(siteOriginOf({})).toBe('http://localhost:3000');
    expect(siteOriginOf({ PORT: '3600' })).toBe('http://localhost:3600');
    expect(siteOriginOf({ PORT: ' ', VITE_SITE_URL: '' })).toBe('http://localhost:3000');
    expect(appPortOf({ PORT: '3600' })).toBe('3600');
  });

  it('is VITE_SITE_URL when set, without a trailing slash', () => {
    expect(siteOriginOf({ PORT: '3600', VITE_SITE_URL: ' https://app.example.com/ ' })).toBe(
      'https://app.example.com',
    );
    expect(withSiteOrigin({ PORT: '3600', OTHER: 'x' })).toEqual({
      PORT: '3600',
      OTHER: 'x',
      VITE_SITE_URL: 'http://localhost:3600',
    });
  });
});

describe('the builds of `npm start` and the release (buildAll)', () => {
  it('run with the origin of the port the server will answer on', () => {
    const builds = [];
    buildAll((options) => builds.push(options), { PORT: '3600' });
    expect(builds.map((build) => build.workspace)).toEqual(['apps/web', 'apps/omniout']);
    for (const build of builds) expect(build.env.VITE_SITE_URL).toBe('http://localhost:3600');
  });
});

describe('every path to a build takes the origin from site-origin.mjs', () => {
  const read = (file) => readFileSync(path.join(root, file), 'utf8');

  it.each(['scripts/start.mjs', 'scripts/dev.mjs', 'scripts/release.mjs', 'apps/web/vite.config.ts'])(
    '%s',
    (file) => {
      expect(read(file)).toMatch(/from '(\.\/lib|\.\.\/\.\.\/scripts\/lib)\/site-origin\.mjs'/);
    },
  );

  it('the web app keeps no default of its own', () => {
    expect(read('apps/web/app/config.ts')).not.toMatch(/localhost:\d+/);
  });
});
