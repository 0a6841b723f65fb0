import { describe, expect, it } from 'vitest';
import { classifyOutdated, readDecisions } from './deps.mjs';

const decisions = [
  { name: '0020-held.md', text: 'Held: `typescript@6` for the compiler API; `react-router` waits.' },
  { name: '0099-other.md', text: 'Nothing about typescript without backticks.' },
];

describe('npm run deps', () => {
  it('tells majors from minors and names the record that holds each major', () => {
    const rows = classifyOutdated(
      {
        typescript: { current: '6.0.3', wanted: '6.0.3', latest: '7.0.2', dependent: 'typescript-api' },
        'react-router': { current: '8.4.0', wanted: '8.4.0', latest: '8.5.1', dependent: 'web' },
        ioredis: [
          { current: '5.11.1', wanted: '5.11.1', latest: '6.0.0', dependent: 'api' },
          { current: '6.0.0', wanted: '6.0.0', latest: '6.0.1', dependent: 'bench' },
        ],
      },
      decisions,
    );
    expect(rows).toEqual([
      {
        name: 'ioredis',
        dependent: 'api',
        installed: '5.11.1',
        latest: '6.0.0',
        isMajorBehind: true,
        heldBy: [],
      },
      {
        name: 'typescript',
        dependent: 'typescript-api',
        installed: '6.0.3',
        latest: '7.0.2',
        isMajorBehind: true,
        heldBy: ['0020-held.md'],
      },
      {
        name: 'ioredis',
        dependent: 'bench',
        installed: '6.0.0',
        latest: '6.0.1',
        isMajorBehind: false,
        heldBy: [],
      },
      {
        name: 'react-router',
        dependent: 'web',
        installed: '8.4.0',
        latest: '8.5.1',
        isMajorBehind: false,
        heldBy: ['0020-held.md'],
      },
    ]);
  });

  it('reads the project’s own decision records', () => {
    const names = readDecisions().map(({ name }) => name);
    expect(names).toContain('0017-node-26-from-the-npm-registry.md');
    expect(names.every((name) => /^\d{4}-[a-z0-9-]+\.md$/.test(name))).toBe(true);
  });
});
