import { spawn } from 'node:child_process';
import { root } from './workspace.mjs';

/**
 * Creates the embedded database ahead of the app (scripts/prepare-database.mjs), in a process of its
 * own. Settles when it has ended, whatever the outcome: the app opens the database again at its start
 * and reports any error itself.
 */
export function prepareDatabase() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/prepare-database.mjs'], { cwd: root, stdio: 'inherit' });
    child.on('error', resolve);
    child.on('exit', resolve);
  });
}

/**
 * Runs long-lived processes side by side with their output prefixed; `add` starts one more later. When
 * one exits, or the launcher receives SIGINT/SIGTERM or exits (a failed build), the others get SIGTERM
 * (graceful shutdown) and the launcher exits with the first failure's code.
 */
export function runTogether(processes) {
  const children = [];
  let exitCode = 0;
  let stopping = false;

  const stopAll = (signal = 'SIGTERM') => {
    if (stopping) return;
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill(signal);
  };

  const add = ({ name, command, args, env, cwd }) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const prefix = `[${name}] `;
    for (const stream of [child.stdout, child.stderr]) {
      let buffered = '';
      stream.on('data', (chunk) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines)
          (stream === child.stderr ? process.stderr : process.stdout).write(`${prefix}${line}\n`);
      });
    }
    child.on('exit', (code, signal) => {
      if (!stopping && (code ?? 1) !== 0) exitCode = code ?? 1;
      if (!stopping) console.error(`${prefix}exited (${signal ?? code}); stopping the others`);
      stopAll();
      if (children.every((each) => each.exitCode !== null || each.signalCode !== null))
        process.exit(exitCode);
    });
    children.push(child);
  };

  for (const each of processes) add(each);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll('SIGTERM'));
  process.on('exit', () => stopAll('SIGTERM'));
  return { add };
}
