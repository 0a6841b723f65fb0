import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/** The first line of a failure message, without terminal colours. */
const firstLine = (message = '') =>
  stripVTControlCharacters(message)
    .split('\n')
    .find((line) => line.trim()) ?? '';

/**
 * What failed in a Vitest run, a line each, from its JSON report (`--outputFile.json`). `npm test` prints
 * it after the browser suites, so the end of a long CI log names the unit test that failed instead of
 * only Vitest's exit code. An unhandled error or a failed global setup fails a run without failing a
 * test; the report says nothing of those, and the lines say where to look.
 */
export function vitestFailures(reportFile, root) {
  if (!existsSync(reportFile))
    return ['Vitest wrote no report: it stopped before its tests ran (see its output above).'];
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const lines = report.testResults.flatMap(({ name, status, message, assertionResults }) => {
    const file = path.relative(root, name);
    const failedTests = assertionResults.filter((test) => test.status === 'failed');
    if (failedTests.length === 0) return status === 'failed' ? [`${file}: ${firstLine(message)}`] : [];
    return failedTests.map((test) => `${file} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  });
  if (lines.length > 0 || report.success) return lines;
  return [
    'Every test passed, yet the run failed: an unhandled error or a global setup (see "Unhandled Errors" above).',
  ];
}
