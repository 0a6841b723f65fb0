// Import rules of the monorepo (ARCHITECTURE.md, "Import rules"), checked by `npm run lint:imports`
// (part of `npm run lint`, so CI runs it). Paths are relative to the repository root.
//
// What may import what:
//   apps/web, apps/omniout  -> packages only (never apps/api, the emulators or each other)
//   apps/api                -> packages; the emulators only from its tests (src/test/, *.test.ts),
//                              which start them as the providers of the API suites
//   emulators/*             -> packages only (never apps, never the other emulator)
//   packages/*              -> other packages only
// and nothing anywhere forms an import cycle.

/** Test code of the API: the suites and their helpers, which start the emulators. */
const apiTests = ['^apps/api/src/test/', '^apps/api/src/.+\\.test\\.ts$'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules must not import each other, directly or through others: split the shared part out.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'apps-not-other-apps',
      severity: 'error',
      comment:
        'An app never imports another app (web, omniout and api meet only over HTTP and the build files ' +
        'described in ARCHITECTURE.md). Share code through a package.',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'browser-apps-not-emulators',
      severity: 'error',
      comment: 'apps/web and apps/omniout talk to the providers over HTTP only, never through their code.',
      from: { path: '^apps/(web|omniout)/' },
      to: { path: '^emulators/' },
    },
    {
      name: 'api-not-emulators',
      severity: 'error',
      comment:
        'The API reaches the identity and payment providers through their protocols (real SDKs). Only its ' +
        'tests (src/test/, *.test.ts) import the emulators, to start them.',
      from: { path: '^apps/api/', pathNot: apiTests },
      to: { path: '^emulators/' },
    },
    {
      name: 'emulators-not-apps',
      severity: 'error',
      comment: 'An emulator stands in for an outside provider: it never imports the product.',
      from: { path: '^emulators/' },
      to: { path: '^apps/' },
    },
    {
      name: 'emulators-not-each-other',
      severity: 'error',
      comment: 'The identity and payment emulators are separate providers; shared code goes to a package.',
      from: { path: '^emulators/([^/]+)/' },
      to: { path: '^emulators/', pathNot: '^emulators/$1/' },
    },
    {
      name: 'packages-not-apps-or-emulators',
      severity: 'error',
      comment: 'A package is shared by the apps and emulators, so it depends on none of them.',
      from: { path: '^packages/' },
      to: { path: '^(apps|emulators)/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'Every import must resolve, so that no rule above is skipped for an import the checker could not ' +
        "follow. Exceptions: React Router's generated route types (./+types/…, made by typegen) and Vite " +
        'virtual modules.',
      from: {},
      to: { couldNotResolve: true, pathNot: ['(^|/)\\+types/', '^virtual:'] },
    },
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
