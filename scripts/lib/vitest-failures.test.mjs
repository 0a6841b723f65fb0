import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { vitestFailures } from './vitest-failures.mjs';

const dir = mkdtempSync(path.join(os.tmpdir(), 'vitest-failures-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const root = '/repo';
function reportOf(report) {
  const file = path.join(dir, `${Math.random()}.json`);
  writeFileSync(file, JSON.stringify(report));
  return file;
}
const passed = { name: '/repo/a.test.ts', status: 'passed', message: '', assertionResults: [] };

describe('vitestFailures', () => {
  it('names each failed test by file and full name, with its message’s first line', () => {
    const file = reportOf({
      success: false,
      testResults: [
        passed,
        {
          name: '/repo/apps/api/src/b.test.ts',
          status: 'failed',
          message: '',
          assertionResults: [
            { fullName: 'group passes', status: 'passed', failureMessages: [] },
            {
              fullName: 'group fails',
              status: 'failed',
              failureMessages: ['\x1b[31mAssertionError: expected 1 to be 2\x1b[39m\n    at b.test.ts:3'],
            },
          ],
        },
        {
          name: '/repo/c.test.ts',
          status: 'failed',
          message: "Cannot find module './gone.ts'",
          assertionResults: [],
        },
      ],
    });
    expect(vitestFailures(file, root)).toEqual([
      'apps/api/src/b.test.ts › group fails: AssertionError: expected 1 to be 2',
      "c.test.ts: Cannot find module './gone.ts'",
    ]);
  });

  it('says where to look when the run failed with every test passed, or wrote no report', () => {
    const unhandled = reportOf({ success: false, testResults: [passed] });
    expect(vitestFailures(unhandled, root)).toEqual([expect.stringMatching(/unhandled error/)]);
    expect(vitestFailures(path.join(dir, 'none.json'), root)).toEqual([expect.stringMatching(/no report/)]);
    expect(vitestFailures(reportOf({ success: true, testResults: [passed] }), root)).toEqual([]);
  });
});
