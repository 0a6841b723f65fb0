// The import rules of .dependency-cruiser.cjs (`npm run lint:imports`) run against a small tree made
// for the test: every forbidden import in it must be reported under its rule, and nothing else (the
// allowed imports, aliases and `.ts` extensions included).
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const depcruise = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
// As `npm run lint:imports` runs it: with TypeScript 6's compiler API (docs/decisions/0020).
const typescriptApi = path.join(root, 'tools/typescript-api/register.mjs');

/** The fixture tree: path → content. */
const files = {
  'apps/api/package.json': JSON.stringify({
    name: '@launchkit/api',
    type: 'module',
    imports: { '#api/*': './src/*' },
  }),
  // A cycle through the #api alias and a relative `.ts` import.
  'apps/api/src/users/status.ts':
    "import { documentOf } from '#api/users/document.ts';\nexport const status = documentOf;\n",
  'apps/api/src/users/document.ts':
    "import { status } from './status.ts';\nexport const documentOf = () => status;\n",
  // The API's own tests start the emulators; its code does not.
  'apps/api/src/test/identity-provider.ts': "export { start } from '@launchkit/identity-emulator';\n",
  'apps/api/src/users/document.test.ts':
    "import { start } from '@launchkit/identity-emulator';\nexport const run = start;\n",
  'apps/api/src/auth/verify.ts':
    "import { start } from '@launchkit/identity-emulator';\nexport const verify = start;\n",
  // Inside the API a domain stands on the kernel (access/, events/, …), not on another domain, except
  // a listed pair (billing → users); its tests may reach any part; the kernel imports no domain.
  'apps/api/src/team/members.ts': 'export const members = [];\n',
  'apps/api/src/access/in-workspace.ts':
    "import { members } from '#api/team/members.ts';\nexport const inWorkspace = () => members;\n",
  'apps/api/src/events/record.ts': 'export const record = () => 0;\n',
  'apps/api/src/items/create.ts':
    "import { inWorkspace } from '#api/access/in-workspace.ts';\nimport { record } from '../events/record.ts';\n" +
    "import { members } from '#api/team/members.ts';\nexport const create = [inWorkspace, record, members];\n",
  'apps/api/src/items/create.test.ts':
    "import { members } from '#api/team/members.ts';\nexport const run = members;\n",
  'apps/api/src/billing/customer.ts':
    "import { status } from '#api/users/status.ts';\nexport const customer = status;\n",
  'apps/api/src/http/static-site.ts':
    "import { page } from '../../../web/app/page.ts';\nexport const site = page;\n",
  'apps/web/package.json': JSON.stringify({
    name: '@launchkit/web',
    type: 'module',
    imports: { '#web/*': './app/*' },
  }),
  // Type-only imports of a package are fine; of another app they are not.
  'apps/web/app/page.ts':
    "import type { Plan } from '@launchkit/plans';\nimport type { status } from '../../api/src/users/status.ts';\n" +
    'export const page = (plan: Plan, value: typeof status) => [plan, value];\n',
  'apps/web/app/home.ts':
    "import { page } from '#web/page.ts';\nimport { missing } from '#web/nowhere.ts';\nexport const home = [page, missing];\n",
  'apps/omniout/src/account.ts':
    "import { start } from '@launchkit/identity-emulator';\nexport const account = start;\n",
  'emulators/identity/package.json': JSON.stringify({
    name: '@launchkit/identity-emulator',
    type: 'module',
    exports: { '.': './src/index.ts' },
  }),
  'emulators/identity/src/index.ts':
    "import { plans } from '@launchkit/plans';\nexport const start = () => plans;\n",
  'emulators/identity/src/users.ts':
    "import { status } from '../../../apps/api/src/users/status.ts';\nexport const users = status;\n",
  'emulators/payments/src/index.ts':
    "import { start } from '../../identity/src/index.ts';\nexport const payments = start;\n",
  'packages/plans/package.json': JSON.stringify({
    name: '@launchkit/plans',
    type: 'module',
    exports: { '.': './src/index.ts' },
  }),
  'packages/plans/src/index.ts': "export type Plan = string;\nexport const plans: Plan[] = ['starter'];\n",
  'packages/plans/src/emulated.ts':
    "import { start } from '@launchkit/identity-emulator';\nexport const emulated = start;\n",
  // The benchmarks may import the scripts' helpers; the scripts never import the benchmarks.
  'scripts/lib/server.mjs': 'export const start = () => 0;\n',
  'scripts/screens.mjs': "import { stats } from '../bench/lib/stats.mjs';\nexport const screens = stats;\n",
  'bench/lib/stats.mjs':
    "import { start } from '../../scripts/lib/server.mjs';\nexport const stats = start;\n",
};

const expected = [
  'api-domains-through-kernel: apps/api/src/items/create.ts -> apps/api/src/team/members.ts',
  'api-kernel-not-domains: apps/api/src/access/in-workspace.ts -> apps/api/src/team/members.ts',
  'api-not-emulators: apps/api/src/auth/verify.ts -> emulators/identity/src/index.ts',
  'apps-not-other-apps: apps/api/src/http/static-site.ts -> apps/web/app/page.ts',
  'apps-not-other-apps: apps/web/app/page.ts -> apps/api/src/users/status.ts',
  'browser-apps-not-emulators: apps/omniout/src/account.ts -> emulators/identity/src/index.ts',
  'emulators-not-apps: emulators/identity/src/users.ts -> apps/api/src/users/status.ts',
  'emulators-not-each-other: emulators/payments/src/index.ts -> emulators/identity/src/index.ts',
  // A cycle is reported once, at one of its imports (status.ts reaches document.ts through #api/).
  'no-circular: apps/api/src/users/document.ts -> apps/api/src/users/status.ts',
  'not-to-unresolvable: apps/web/app/home.ts -> #web/nowhere.ts',
  'packages-not-apps-or-emulators: packages/plans/src/emulated.ts -> emulators/identity/src/index.ts',
  'scripts-not-bench: scripts/screens.mjs -> bench/lib/stats.mjs',
];

describe('import rules (.dependency-cruiser.cjs)', () => {
  let dir;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'import-rules-'));
    for (const [file, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), content);
    }
    await copyFile(path.join(root, 'tsconfig.base.json'), path.join(dir, 'tsconfig.base.json'));
    // The workspace links npm makes.
    await mkdir(path.join(dir, 'node_modules/@launchkit'), { recursive: true });
    await symlink(
      '../../emulators/identity',
      path.join(dir, 'node_modules/@launchkit/identity-emulator'),
      'dir',
    );
    await symlink('../../packages/plans', path.join(dir, 'node_modules/@launchkit/plans'), 'dir');
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('reports each forbidden import under its rule and accepts the allowed ones', async () => {
    const args = [
      '--import',
      typescriptApi,
      depcruise,
      'apps',
      'emulators',
      'packages',
      'scripts',
      'bench',
      '--config',
      path.join(root, '.dependency-cruiser.cjs'),
    ];
    // The JSON report lists the violations; the default report (what `npm run lint:imports` prints)
    // sets the exit code that fails the lint.
    const [report, lint] = await Promise.all([
      run(process.execPath, [...args, '--output-type', 'json'], dir),
      run(process.execPath, args, dir),
    ]);
    const { summary } = JSON.parse(report.stdout);
    const found = summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
    expect(found).toEqual(expected);
    expect(lint.code).toBe(expected.length);
    expect(lint.stdout).toContain(`${expected.length} dependency violations (${expected.length} errors`);
  });
});

/** Runs a command and resolves with its exit code and output, whatever the code. */
function run(command, args, cwd) {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (error.code ?? 1) : 0, stdout, stderr });
    });
  });
}
