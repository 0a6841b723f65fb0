import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { escapeHtml, originOf, registerRoutes, scriptJson, sendHtmlPage } from './index.ts';

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;',
    );
  });

  it('keeps JSON inside an inline script from closing it', () => {
    expect(scriptJson({ text: '</script>\u2028' })).toBe('{"text":"\\u003c/script>\\u2028"}');
  });
});

describe('originOf', () => {
  it('shows loopback and every-interface hosts as localhost, and brackets IPv6', () => {
    expect(originOf({ host: '0.0.0.0', port: 3001, protocol: 'http:' })).toBe('http://localhost:3001');
    expect(originOf({ host: '::1', port: 3002, protocol: 'https:' })).toBe('https://localhost:3002');
    expect(originOf({ host: 'fe80::1', port: 80, protocol: 'http:' })).toBe('http://[fe80::1]:80');
  });
});

describe('registerRoutes', () => {
  it('registers each METHOD /path of the table with its handler, given the context', async () => {
    const app = Fastify();
    registerRoutes(
      app,
      { greeting: 'hello' },
      {
        'GET /things/:id': (context, request) =>
          `${context.greeting} ${(request.params as { id: string }).id}`,
        'POST /things': (_context, _request, reply) => reply.status(201).send('made'),
      },
    );
    const got = await app.inject('/things/7');
    expect([got.statusCode, got.body]).toEqual([200, 'hello 7']);
    const head = await app.inject({ method: 'HEAD', url: '/things/7' });
    expect(head.statusCode).toBe(200);
    const made = await app.inject({ method: 'POST', url: '/things' });
    expect([made.statusCode, made.body]).toEqual([201, 'made']);
  });
});

describe('sendHtmlPage', () => {
  const shell = { product: 'Test emulator', stylesheet: '/assets/test.css' };
  const pageOf = async (page: Omit<Parameters<typeof sendHtmlPage>[1], keyof typeof shell>) => {
    const app = Fastify();
    app.get('/', async (_request, reply) => sendHtmlPage(reply, { ...shell, ...page }));
    const response = await app.inject('/');
    await app.close();
    return response;
  };

  it('answers an escaped, uncached, unframeable document without script', async () => {
    const response = await pageOf({
      title: 'A <b> title',
      body: '<p>Body</p>',
      formTargets: ['http://localhost:3000'],
    });
    expect(response.body).toContain('<title>A &#60;b&#62; title · Test emulator</title>');
    expect(response.body).toContain('<h1>A &#60;b&#62; title</h1>\n<p>Body</p>\n</main>');
    expect(response.headers['content-security-policy']).toContain("script-src 'none'");
    expect(response.headers['content-security-policy']).toContain("form-action 'self' http://localhost:3000");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('allows its own inline script by nonce, and the framing origins it names', async () => {
    const response = await pageOf({
      title: 'Framed',
      body: '',
      script: 'void 0;',
      frameAncestors: ['http://localhost:3000'],
    });
    const nonce = /script-src 'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    expect(response.body).toContain(`<script nonce="${nonce}">void 0;</script>`);
    expect(response.headers['content-security-policy']).toContain('frame-ancestors http://localhost:3000');
    expect(response.headers['x-frame-options']).toBeUndefined();
  });
});
