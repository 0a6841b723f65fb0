import { spawn } from 'node:child_process';

/**
 * Runs long-lived processes side by side with their output prefixed; `add` starts one more later (with
 * `withChannel`, an IPC channel the launcher can `send` on) and returns its child process. When
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

  const add = ({ name, command, args, env, cwd, withChannel = false }) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe', ...(withChannel ? ['ipc'] : [])],
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
    return child;
  };

  for (const each of processes) add(each);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll('SIGTERM'));
  process.on('exit', () => stopAll('SIGTERM'));
  return { add };
}
