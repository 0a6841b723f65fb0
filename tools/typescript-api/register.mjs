// dependency-cruiser reads TypeScript through the compiler's JavaScript API, which TypeScript 7 (the
// native compiler that type-checks this project) no longer has. Loaded with
// `node --import @launchkit/typescript-api/register`, this hook hands dependency-cruiser the TypeScript 6 of
// this workspace instead; every other importer keeps the root's TypeScript 7, and `tsc` stays 7 (this
// workspace's bins are not linked at the root). Lift it when dependency-cruiser reads TypeScript 7
// (docs/decisions/0020).
import { createRequire, registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';

const resolveHere = createRequire(import.meta.url).resolve;

registerHooks({
  resolve(specifier, context, nextResolve) {
    const isCruiser = context.parentURL?.includes('/node_modules/dependency-cruiser/') ?? false;
    const isTypeScript = specifier === 'typescript' || specifier.startsWith('typescript/');
    if (!isCruiser || !isTypeScript) return nextResolve(specifier, context);
    return { url: pathToFileURL(resolveHere(specifier)).href, shortCircuit: true };
  },
});
