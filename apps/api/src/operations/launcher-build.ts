/**
 * `npm start` runs this server while it still builds the web app (scripts/start.mjs, decision 0057):
 * the server loads its modules and opens the database meanwhile, then asks the launcher whether the
 * builds are done and waits for its `built` before it reads them. It asks rather than listens from
 * the start: a message sent before this process listens for it would be lost. A launcher gone before
 * it answered (killed, or its build failed) ends the wait and the server with it. A server started any
 * other way (production's image, the tests) has no launcher channel and goes straight on.
 */
export function launcherBuildDone(): Promise<void> {
  const send = process.send?.bind(process);
  if (process.env.LAUNCHER_BUILD !== 'pending' || !send) return Promise.resolve();
  return new Promise((resolve) => {
    const onLauncherGone = () => {
      console.error('The launcher stopped before its builds were done; the server did not start.');
      process.exit(1);
    };
    const onMessage = (message: unknown) => {
      if (message !== 'built') return;
      process.off('message', onMessage);
      process.off('disconnect', onLauncherGone);
      resolve();
    };
    process.on('message', onMessage);
    process.on('disconnect', onLauncherGone);
    send('build?');
  });
}
