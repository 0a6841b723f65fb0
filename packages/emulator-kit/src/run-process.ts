/**
 * A process entry (`node emulators/<name>/src/server.ts`): loads the configuration (whose
 * loader refuses NODE_ENV=production), starts the emulator, and closes it on SIGTERM or SIGINT. Any
 * failure (a bad variable, a held data directory, a busy port) is one JSON log line on stderr and
 * exit code 1.
 */
export async function runEmulatorProcess<Config>(emulator: {
  loadConfig: (environment: NodeJS.ProcessEnv) => Config;
  start: (config: Config) => Promise<{ close(): Promise<void> }>;
}): Promise<void> {
  const fatal = (error: unknown): never => {
    console.error(
      JSON.stringify({ level: 60, time: Date.now(), msg: (error as Error).message ?? String(error) }),
    );
    process.exit(1);
  };

  let config: Config;
  try {
    config = emulator.loadConfig(process.env);
  } catch (error) {
    return fatal(error);
  }
  const running = await emulator.start(config).catch(fatal);

  let isShuttingDown = false;
  async function shutDown() {
    if (isShuttingDown) return;
    isShuttingDown = true;
    // A request that never ends must not keep the process alive forever.
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    try {
      await running.close();
      process.exit(0);
    } catch (error) {
      fatal(error);
    }
  }
  process.on('SIGTERM', () => void shutDown());
  process.on('SIGINT', () => void shutDown());
}
