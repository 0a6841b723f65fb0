import type { ChildProcess } from 'node:child_process';

/** A started server process, with what it has written to stdout and stderr so far. */
export type ServerProcess = ChildProcess & { output: () => string };

/**
 * The origin the server says it listens on, once it does (its `Server listening at` line); fails when
 * the server exits first or says nothing of the kind within `timeoutMs`.
 */
export const listeningOrigin = (server: ServerProcess, timeoutMs: number) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line:\n${server.output()}`)), timeoutMs);
    const check = () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output());
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    server.stdout?.on('data', check);
    server.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`the server exited:\n${server.output()}`));
    });
  });
