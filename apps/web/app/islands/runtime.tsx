import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { AuthProvider } from '#web/auth/auth-context.tsx';
import { readStorage, tokenKey } from '#web/auth/stored-session.ts';
import { loadChatWidget } from '#web/components/chat-widget.tsx';
import { trackPageView } from '#web/lib/analytics.ts';
import { DocumentRouter } from './document-router.tsx';
import { type IslandName, islands } from './registry.ts';

// The browser side of a prerendered public page (docs/decisions/0010-islands-on-prerendered-pages.md).
// The page's inline bootstrap (islands/bootstrap.ts) loads this module after the first paint, or at
// the visitor's first interaction if that comes sooner. It fetches the code of every island on the
// page, then hydrates an island when the visitor reaches for it (pointer, click, key or focus inside
// it): synchronously, before the event goes on, so that the click, keystroke or focus finds it live.
// Nothing else on a visitor's page needs the islands, so nothing hydrates before that. With a stored
// session the header and the footer must show the signed-in state: every island then hydrates, one
// per idle moment. The rest of the page is never hydrated: it has nothing to do.

declare global {
  interface Window {
    /** Forms submitted before their island hydrated (islands/bootstrap.ts); sent again once it has. */
    __islandSubmits?: HTMLFormElement[];
  }
}

// biome-ignore lint/suspicious/noExplicitAny: each island gets the props its page was prerendered with.
type AnyComponent = ComponentType<any>;

type PendingIsland = { element: HTMLElement; component?: AnyComponent; isWanted: boolean };

const hydratedAttribute = 'data-island-hydrated';

const pending = new Map<HTMLElement, PendingIsland>();

function readJson(text: string | undefined): Record<string, unknown> {
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** Text typed into an island's fields before it hydrated, which the forms' first render would reset. */
function typedValues(element: HTMLElement): [HTMLInputElement | HTMLTextAreaElement, string][] {
  return [...element.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')]
    .filter((control) => control.value !== control.defaultValue)
    .map((control) => [control, control.value]);
}

function hydrate(island: PendingIsland): void {
  const { element, component: Component } = island;
  if (!Component || !pending.has(element)) return;
  pending.delete(element);
  const params = readJson(element.dataset.islandParams) as Record<string, string>;
  const typed = typedValues(element);
  hydrateRoot(
    element,
    <DocumentRouter params={params}>
      <AuthProvider>
        <Component {...readJson(element.dataset.islandProps)} />
      </AuthProvider>
    </DocumentRouter>,
  );
  element.setAttribute(hydratedAttribute, '');
  // The text goes back, announced as input so that the form's state has it too.
  for (const [control, value] of typed) {
    if (!control.isConnected || control.value === value) continue;
    control.value = value;
    control.dispatchEvent(new Event('input', { bubbles: true }));
  }
  const submits = window.__islandSubmits ?? [];
  for (const form of submits.filter((form) => element.contains(form))) {
    submits.splice(submits.indexOf(form), 1);
    form.requestSubmit();
  }
}

/** Resolves when the browser has nothing more urgent to do (or after a second at the latest). */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 1);
  });
}

/** The visitor reached for an island that is not live yet: it hydrates before the event goes on. */
function onInteraction(event: Event): void {
  const target = event.target instanceof Element ? event.target : null;
  const element = target?.closest<HTMLElement>('[data-island]');
  const island = element && pending.get(element);
  if (!target || !island?.component) {
    if (island) island.isWanted = true;
    return;
  }
  // A link works as it is: its click goes on to the next page.
  if (event.type === 'click' && target.closest('a[href]')) return;
  hydrate(island);
  // A click with no pointer or key before it (assistive technology activating a control) reached an
  // island that was not live. Preact ignores handlers attached while their event is dispatched, so
  // the click is replaced by a new one, once the island's first effects have run.
  if (event.type === 'click') {
    event.preventDefault();
    event.stopPropagation();
    const click = new MouseEvent('click', event as MouseEvent);
    requestAnimationFrame(() => setTimeout(() => target.dispatchEvent(click)));
  }
}

let isHydratingAll = false;

/** A session (stored here, or just written by another tab): every island hydrates, one per idle moment. */
async function hydrateAllWhenIdle(islands: PendingIsland[]): Promise<void> {
  if (isHydratingAll) return;
  isHydratingAll = true;
  for (const island of islands) {
    island.isWanted = true;
    await whenIdle();
    hydrate(island);
  }
}

// Islands inside another island are hydrated by their parent.
const all: PendingIsland[] = [...document.querySelectorAll<HTMLElement>('[data-island]')]
  .filter((element) => !element.parentElement?.closest('[data-island]'))
  .map((element) => ({
    element,
    isWanted: (window.__islandSubmits ?? []).some((form) => element.contains(form)),
  }));
for (const island of all) pending.set(island.element, island);
for (const type of ['pointerdown', 'keydown', 'focusin']) {
  document.addEventListener(type, onInteraction, { capture: true, passive: true });
}
document.addEventListener('click', onInteraction, { capture: true });
window.addEventListener('storage', (event) => {
  if (event.key === tokenKey && event.newValue) void hydrateAllWhenIdle(all);
});

/** Fetches an island's code; once it is there the island can hydrate the moment it is touched. */
async function load(island: PendingIsland): Promise<void> {
  const { element } = island;
  try {
    const loadComponent = islands[element.dataset.island as IslandName];
    if (!loadComponent) throw new Error(`no island is named '${element.dataset.island}'`);
    island.component = await loadComponent();
  } catch (error) {
    // The static HTML stays, without its behaviour: links and reading still work.
    pending.delete(element);
    console.error('An island of this page could not be loaded:', error);
    return;
  }
  if (island.isWanted || element.contains(document.activeElement)) hydrate(island);
}

async function start(): Promise<void> {
  // Each island's code is requested in an idle moment of its own (evaluating this module was one
  // task already); the requests then run in parallel.
  const loads: Promise<void>[] = [];
  for (const island of all) {
    await whenIdle();
    loads.push(load(island));
  }
  await Promise.all(loads);
  // Every island is live or comes alive at the first touch (the browser tests wait for this).
  document.documentElement.dataset.hydrated = 'true';
  if (readStorage(tokenKey)) await hydrateAllWhenIdle(all);
  await whenIdle();
  // docs/product.md §2: a page view for every page, as the app counts one on every route change; the
  // optional chat.
  void trackPageView();
  loadChatWidget();
}

void start();
