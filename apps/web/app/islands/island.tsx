import type { ComponentType } from 'react';
import { useParams } from '#web/lib/page-router.tsx';
import type { IslandName } from './registry.ts';

/**
 * Marks a part of a prerendered public page that hydrates on its own in the browser
 * (islands/runtime.tsx): the header, the footer, a form. The rest of such a page stays the HTML it
 * was prerendered as. In the app (the signed-in area, development) it is just its component.
 *
 * The box takes no place in the layout (`display: contents`). It carries what the browser needs to
 * render the same component again: its name in islands/registry.ts, its props (JSON) and the route
 * parameters of the page.
 */
export function Island<Props extends object>({
  name,
  component: Component,
  props,
}: {
  name: IslandName;
  component: ComponentType<Props>;
  props?: Props;
}) {
  const params = useParams();
  const hasParams = Object.keys(params).length > 0;
  return (
    <div
      className="contents"
      data-island={name}
      data-island-props={props ? JSON.stringify(props) : undefined}
      data-island-params={hasParams ? JSON.stringify(params) : undefined}
    >
      <Component {...(props ?? ({} as Props))} />
    </div>
  );
}

/** A route whose prerendered page hydrates as islands instead of as a whole (root.tsx reads it). */
export const islandsPage = { hydration: 'islands' } as const;

export function isIslandsPage(handle: unknown): boolean {
  return (handle as Partial<typeof islandsPage> | undefined)?.hydration === islandsPage.hydration;
}
