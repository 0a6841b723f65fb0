// `npm run prove:adaptable`: proves that docs/customising.md's adaptations leave a working product. Each
// runs on its own scratch copy of this tree (working changes included, under the system's temporary
// folder): rename the example noun (scripts/adapt/rename-noun.mjs), remove the outbound webhooks
// (scripts/adapt/remove-webhooks.mjs); then, in each copy, `npm run typecheck`, `npm run lint` and the
// API suites (`vitest run apps/api`). Exits 1 when a step fails in any copy.
//
//   npm run prove:adaptable [-- --only rename|webhooks] [--noun notes] [--quick] [--keep]
//
// --quick runs typecheck and lint only; --keep leaves the copies for inspection.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { repositoryRoot, run, scratchCopy } from './tree.mjs';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    noun: { type: 'string', default: 'notes' },
    quick: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});

const proofs = [
  { name: 'rename', script: 'rename-noun.mjs', args: [values.noun] },
  { name: 'webhooks', script: 'remove-webhooks.mjs', args: [] },
].filter((proof) => !values.only || proof.name === values.only);

const steps = [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ...(values.quick ? [] : [['API suites', 'npx', ['vitest', 'run', 'apps/api']]]),
];

/** Runs one step in the copy: its result and time. Every step runs, so one failure hides no other. */
function step(copy, label, command, args) {
  const started = Date.now();
  let passed = true;
  try {
    run(copy, command, args);
  } catch {
    passed = false;
  }
  return { label, passed, seconds: Math.round((Date.now() - started) / 1000) };
}

const results = [];
for (const proof of proofs) {
  const copy = scratchCopy(repositoryRoot, proof.name);
  console.log(`\n== ${proof.name}: ${copy}`);
  const script = path.join(copy, 'scripts/adapt', proof.script);
  const adapted = step(copy, proof.script, process.execPath, [script, ...proof.args, '--dir', copy]);
  const done = [adapted];
  if (adapted.passed) {
    for (const [label, command, args] of steps) {
      console.log(`\n== ${proof.name}: ${label}`);
      done.push(step(copy, label, command, args));
    }
  }
  const passed = done.every((each) => each.passed);
  results.push({ proof: proof.name, copy, passed, steps: done });
  if (!values.keep && passed) rmSync(copy, { recursive: true, force: true });
}

console.log('\nprove:adaptable');
for (const row of results) {
  const steps = row.steps.map(
    (each) => `${each.label} ${each.passed ? 'passed' : 'FAILED'} (${each.seconds} s)`,
  );
  console.log(`  ${row.proof}: ${row.passed ? 'passed' : 'failed'}: ${steps.join(', ')}`);
  if (!row.passed || values.keep) console.log(`    copy kept: ${row.copy}`);
}
process.exitCode = results.every((row) => row.passed) ? 0 : 1;
