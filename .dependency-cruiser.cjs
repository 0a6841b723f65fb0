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

/** Test code of the API: the suites and their helpers, which start the emulators. */
const apiTests = ['^apps/api/src/test/', '^apps/api/src/.+\\.test\\.ts$'];

/** A rule every import must keep: none `from` the matching modules may lead `to` the other ones. */
const forbid = (name, from, to, comment) => ({ name, severity: 'error', comment, from, to });

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
