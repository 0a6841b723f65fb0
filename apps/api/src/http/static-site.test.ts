import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#api/test/test-app.ts';

// A small build output laid out as React Router writes it: prerendered pages, the SPA fallback,
// hashed assets and the route patterns file.
const inlineScript = 'window.__context = {"a":1};';
// A prerendered page's critical CSS (web build, decision 0044).
const inlineStyle = 'h1{font-weight:700}';
const page = (text: string) =>
  `<!DOCTYPE html><html><head><style>${inlineStyle}</style></head><body><h1>${text}</h1><script>${inlineScript}</script></body></html>`;

let buildDir: string;
let testApp: TestApp;

beforeAll(async () => {
  buildDir = await mkdtemp(path.join(os.tmpdir(), 'web-build-'));
  await mkdir(path.join(buildDir, 'about'), { recursive: true });
  await mkdir(path.join(buildDir, 'assets'), { recursive: true });
  await writeFile(path.join(buildDir, 'index.html'), page('Home'));
  await writeFile(path.join(buildDir, 'about', 'index.html'), page('About'));
  await writeFile(path.join(buildDir, 'about', 'index.html.gz'), gzipSync(page('About')));
  await writeFile(path.join(buildDir, '__spa-fallback.html'), page('App'));
  await writeFile(path.join(buildDir, 'assets', 'entry-abc123.js'), 'console.log(1)');
  await writeFile(path.join(buildDir, 'robots.txt'), 'User-agent: *');
  await writeFile(
    path.join(buildDir, 'route-patterns.json'),
    JSON.stringify(['/', '/about', '/legal/:section']),
  );
  testApp = await startTestApp({ WEB_BUILD_DIR: buildDir });
});

afterAll(async () => {
  await testApp.close();
  await rm(buildDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers });

describe('serving the built web app', () => {
  it('serves a prerendered page with a CSP that allows exactly its inline script and style', async () => {
    const response = await get('/about');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>About</h1>');
    const hash = createHash('sha256').update(inlineScript).digest('base64');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    const styleHash = createHash('sha256').update(inlineStyle).digest('base64');
    expect(csp).toContain(`style-src 'self' 'sha256-${styleHash}'`);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed page when the browser accepts it', async () => {
    const response = await get('/about', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('serves hashed assets with long-lived immutable caching', async () => {
    const response = await get('/assets/entry-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/robots.txt')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('serves the client-rendered app for a known route that is not prerendered', async () => {
    const response = await get('/legal/anything');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>App</h1>');
  });

  it('answers an unknown page with 404 and the app, which shows the not-found text', async () => {
    const response = await get('/no/such/page');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<h1>App</h1>');
  });

  it('answers a missing file with a plain 404', async () => {
    const response = await get('/assets/missing.js');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/plain');
  });

  it('does not serve HTML files by their file path, so every page carries its CSP', async () => {
    const response = await get('/about/index.html');
    expect(response.statusCode).toBe(404);
  });
});
