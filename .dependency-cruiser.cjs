// Import rules of the monorepo (ARCHITECTURE.md, "Import rules"), checked by `npm run lint:imports`
// (part of `npm run lint`, so CI runs it). Paths are relative to the repository root.
//
// What may import what:
//   apps/web, apps/omniout  -> packages only (never apps/api, the emulators or each other)
//   apps/api                -> packages; the emulators only from its tests (src/test/, *.test.ts),
//                              which start them as the providers of the API suites
//   emulators/*             -> packages only (never apps, never the other emulator)
//   packages/*              -> other packages only
//   scripts/                -> never bench/ (the benchmarks build on the scripts: bench/ may import
//                              scripts/lib/, not the reverse)
// and nothing anywhere forms an import cycle.
//
// Inside apps/api/src (ARCHITECTURE.md, "Layers"; decision 0037): a domain folder imports its own
// folder and the kernel below the domains, not another domain, except the pairs listed in
// `apiDomainImports` with the reason for each; the kernel imports no domain.

/** Test code of the API: the suites and their helpers, which start the emulators. */
const apiTests = ['^apps/api/src/test/', '^apps/api/src/.+\\.test\\.ts$'];

/** A rule every import must keep: none `from` the matching modules may lead `to` the other ones. */
const forbid = (name, from, to, comment) => ({ name, severity: 'error', comment, from, to });

/**
 * The API's kernel: the folders of apps/api/src every domain stands on. Who calls (caller/), what they
 * may do in which workspace (access/), what happened in a workspace (events/), the plans (plans/), and
 * the infrastructure: configuration, database, HTTP plumbing, jobs, mail, operations, traces (tracing/),
 * and the identity provider's client (auth/). Every other folder of apps/api/src is a domain (test/ holds test helpers).
 */
const apiKernel = [
  'access',
  'auth',
  'caller',
  'config',
  'db',
  'events',
  'http',
  'jobs',
  'mail',
  'operations',
  'plans',
  'tracing',
];

/**
 * The only imports between two domains, each with its reason. Anything else two domains share moves
 * down into the kernel.
 */
const apiDomainImports = {
  account: {
    sessions: 'deleting an account ends its sessions (sign-in-sessions.ts, session-endings.ts)',
    team: 'deleting an account hands a workspace with members to one of them (transfer-workspace.ts)',
    users: "deleting an account deletes the person's user document",
  },
  billing: {
    users: "billing has no table of its own: a person's plan is the plan fields of their user document",
  },
  items: {
    sessions: 'an open live list ends when its session is signed out (session-endings.ts)',
  },
  operators: {
    billing:
      "the back office reads and changes a customer's subscription at the provider as billing does (provider-errors.ts, sync-plan.ts)",
    sessions:
      "ending a person's sessions is announced as their own sign-out is (sign-in-sessions.ts, session-endings.ts)",
    users:
      'the back office asks the identity provider about a person as the users domain does (ask-provider.ts)',
  },
  usage: {
    billing: "usage is billed: the provider's failures are answered as billing's (provider-errors.ts)",
  },
  scim: {
    sessions: 'deprovisioning a person ends their sessions at once (sign-in-sessions.ts, session-endings.ts)',
    team: 'a provisioned person is a member, invited as an add from the product invites (send-invitation.ts)',
  },
  team: {
    billing:
      "accepting a workspace's ownership moves its subscription: the plan fields and the customer's owner",
    users: "a workspace's people are users: the caller's user document, their account at the provider",
  },
  users: {
    sessions:
      'the signed-in check refuses a signed-out session and records the session, and a password change ends the other sessions (sessions/)',
  },
};

const apiFolder = (folder) => `^apps/api/src/${folder}/`;
/** A folder of apps/api/src that is neither the kernel nor the test helpers: a domain (captured). */
const apiDomain = `^apps/api/src/(?!(?:${[...apiKernel, 'test'].join('|')})/)([^/]+)/`;
const domainRule =
  'A domain folder of apps/api/src imports its own folder and the kernel (apiKernel), never another ' +
  'domain: what two domains share moves down into the kernel (decision 0037). The few exceptions are ' +
  'listed, each with its reason, in apiDomainImports.';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid(
      'no-circular',
      {},
      { circular: true },
      'Modules must not import each other, directly or through others: split the shared part out.',
    ),
    forbid(
      'apps-not-other-apps',
      { path: '^apps/([^/]+)/' },
      { path: '^apps/', pathNot: '^apps/$1/' },
      'An app never imports another app (web, omniout and api meet only over HTTP and the build files ' +
        'described in ARCHITECTURE.md). Share code through a package.',
    ),
    forbid(
      'browser-apps-not-emulators',
      { path: '^apps/(web|omniout)/' },
      { path: '^emulators/' },
      'apps/web and apps/omniout talk to the providers over HTTP only, never through their code.',
    ),
    forbid(
      'api-not-emulators',
      { path: '^apps/api/', pathNot: apiTests },
      { path: '^emulators/' },
      'The API reaches the identity and payment providers through their protocols (real SDKs). Only its ' +
        'tests (src/test/, *.test.ts) import the emulators, to start them.',
    ),
    forbid(
      'emulators-not-apps',
      { path: '^emulators/' },
      { path: '^apps/' },
      'An emulator stands in for an outside provider: it never imports the product.',
    ),
    forbid(
      'emulators-not-each-other',
      { path: '^emulators/([^/]+)/' },
      { path: '^emulators/', pathNot: '^emulators/$1/' },
      'The identity and payment emulators are separate providers; shared code goes to a package.',
    ),
    forbid(
      'packages-not-apps-or-emulators',
      { path: '^packages/' },
      { path: '^(apps|emulators)/' },
      'A package is shared by the apps and emulators, so it depends on none of them.',
    ),
    forbid(
      'scripts-not-bench',
      { path: '^scripts/' },
      { path: '^bench/' },
      'The scripts run the product; the benchmarks measure it and build on the scripts. What both need ' +
        'lives in scripts/lib/, which bench/ imports.',
    ),
    forbid(
      'api-domains-through-kernel',
      { path: apiDomain, pathNot: [...apiTests, ...Object.keys(apiDomainImports).map(apiFolder)] },
      { path: apiDomain, pathNot: '^apps/api/src/$1/' },
      domainRule,
    ),
    ...Object.entries(apiDomainImports).map(([domain, allowed]) =>
      forbid(
        'api-domains-through-kernel',
        { path: apiFolder(domain), pathNot: apiTests },
        { path: apiDomain, pathNot: [domain, ...Object.keys(allowed)].map(apiFolder) },
        domainRule,
      ),
    ),
    forbid(
      'api-kernel-not-domains',
      { path: `^apps/api/src/(${apiKernel.join('|')})/`, pathNot: apiTests },
      { path: apiDomain },
      'The kernel of apps/api/src stands below every domain: it imports none (decision 0037).',
    ),
    forbid(
      'not-to-unresolvable',
      {},
      { couldNotResolve: true, pathNot: ['(^|/)\\+types/', '^virtual:'] },
      'Every import must resolve, so that no rule above is skipped for an import the checker could not ' +
        "follow. Exceptions: React Router's generated route types (./+types/…, made by typegen) and Vite " +
        'virtual modules.',
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)(build|dist|\\.react-router)/', '(^|/)\\.e2e-data/'] },
    // Type-only imports count too (an app must not depend on another app's types either); the
    // TypeScript compiler reads them.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    // Workspace packages export their .ts sources (`exports`), apps use package.json `imports`
    // (#api/*, #web/*): resolve both as Node and Vite do.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.mts', '.mjs', '.js', '.cjs', '.json', '.d.ts'],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
