// The islands runtime's files in the browser build, for the prerendering (vite.config.ts writes it);
// null in development, where every page runs the whole app.
declare module 'virtual:islands-entry' {
  import type { IslandsEntry } from '#web/islands/bootstrap.ts';

  const entry: IslandsEntry | null;
  export default entry;
}
