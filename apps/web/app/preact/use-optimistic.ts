/**
 * React 19's `useOptimistic` for the production browser bundle, where `react` is Preact's compat
 * layer (vite.config.ts; docs/decisions/0019-preact-11-in-the-browser-bundle.md). Preact 11's compat
 * has `use` but not this hook, which React Router 8's `RouterProvider` calls on every render.
 *
 * React shows an optimistic value only while the transition that set it is pending, and the value
 * passed through otherwise. Preact renders without concurrency: its `startTransition` runs the
 * callback at once, so no transition is ever pending and the value passed through is always the one
 * to show. (`RouterProvider` sets an optimistic state only when given `useTransitions`, which this
 * app does not pass.)
 */
export function useOptimistic<State, Action = State>(
  passthrough: State,
  _reducer?: (state: State, action: Action) => State,
): [State, (action: Action) => void] {
  return [passthrough, ignoreOptimisticUpdate];
}

function ignoreOptimisticUpdate(): void {}
