import { describe, expect, it } from 'vitest';
import { islandsBootstrap } from './bootstrap.ts';

const entry = { file: '/assets/islands-abc.js', imports: ['/assets/site-def.js'] };

type PaintList = { getEntriesByName: (name: string) => unknown[] };

/**
 * Runs the bootstrap against a stand-in browser; `imported` lists what it has imported so far and
 * `linked` the stylesheets of the page (`alreadyLinked` at first).
 */
function runBootstrap({
  stylesheet,
  manifest,
  alreadyLinked = [],
}: {
  stylesheet?: string;
  manifest?: string;
  alreadyLinked?: string[];
} = {}) {
  const imported: string[] = [];
  const linked = [...alreadyLinked];
  const manifests: string[] = [];
  const listeners = new Map<string, () => void>();
  const timers: (() => void)[] = [];
  const frame = {
    src: '',
    getAttribute: (name: string) => (name === 'src' ? frame.src || null : '/omniout/'),
  };
  let paintObserver: ((list: PaintList, observer: { disconnect: () => void }) => void) | null = null;
  const document = {
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    querySelectorAll: () => [frame],
    querySelector: (selector: string) => linked.find((href) => selector.includes(`[href="${href}"]`)) ?? null,
    createElement: () => ({ rel: '', href: '' }),
    head: {
      appendChild: (link: { rel: string; href: string }) =>
        (link.rel === 'stylesheet' ? linked : link.rel === 'manifest' ? manifests : []).push(link.href),
    },
  };
  // The bootstrap calls it with `new`: a function (not an arrow) returning the observer.
  const performanceObserver = Object.assign(
    function newObserver(callback: typeof paintObserver) {
      paintObserver = callback;
      return { observe: () => undefined };
    },
    { supportedEntryTypes: ['paint', 'largest-contentful-paint'] },
  );
  const code = islandsBootstrap({ ...entry, stylesheet, manifest }).replaceAll('import(', 'load(');
  new Function('window', 'document', 'PerformanceObserver', 'setTimeout', 'load', code)(
    { PerformanceObserver: performanceObserver },
    document,
    performanceObserver,
    (timer: () => void) => timers.push(timer),
    (file: string) => {
      imported.push(file);
      return Promise.resolve();
    },
  );
  return {
    imported,
    linked,
    manifests,
    frame,
    paint: (name: string) =>
      paintObserver?.(
        { getEntriesByName: (wanted) => (wanted === name ? [{}] : []) },
        { disconnect: () => undefined },
      ),
    /** Runs the timers set so far, and those they set, until none is left. */
    runTimers: () => {
      while (timers.length > 0) for (const timer of timers.splice(0)) timer();
    },
    /** Runs the first timer waiting: one task. */
    runTask: () => timers.shift()?.(),
    interact: (type: string) => listeners.get(type)?.(),
  };
}

describe('the inline bootstrap of a prerendered page', () => {
  it('requests nothing before the first contentful paint, then the frames, the runtime and its chunk', () => {
    const page = runBootstrap();
    page.paint('first-paint');
    page.runTimers();
    expect(page.imported).toEqual([]);
    page.paint('first-contentful-paint');
    expect(page.imported).toEqual([]);
    expect(page.frame.src).toBe('');
    page.runTimers();
    expect(page.frame.src).toBe('/omniout/');
    expect(page.imported).toEqual(['/assets/site-def.js', '/assets/islands-abc.js']);
  });

  it('after the paint, asks for one thing a task: the frames, then the stylesheet, then each module', () => {
    const page = runBootstrap({ stylesheet: '/assets/app-1.css' });
    page.paint('first-contentful-paint');
    const afterEachTask = [];
    for (let task = 0; task < 5; task++) {
      page.runTask();
      afterEachTask.push([page.frame.src, page.linked.length, page.imported.length]);
    }
    expect(afterEachTask).toEqual([
      ['/omniout/', 0, 0],
      ['/omniout/', 0, 0],
      ['/omniout/', 1, 0],
      ['/omniout/', 1, 1],
      ['/omniout/', 1, 2],
    ]);
  });

  it('starts at once on a first interaction, and only once', () => {
    const page = runBootstrap();
    page.interact('pointerdown');
    page.interact('focusin');
    expect(page.imported).toHaveLength(2);
    page.paint('first-contentful-paint');
    page.runTimers();
    expect(page.imported).toHaveLength(2);
  });

  it('links the whole stylesheet with the runtime, after the paint, unless the page links it already', () => {
    const page = runBootstrap({ stylesheet: '/assets/app-1.css' });
    expect(page.linked).toEqual([]);
    page.paint('first-contentful-paint');
    page.runTimers();
    expect(page.linked).toEqual(['/assets/app-1.css']);

    const linkedPage = runBootstrap({
      stylesheet: '/assets/app-1.css',
      alreadyLinked: ['/assets/app-1.css'],
    });
    linkedPage.interact('keydown');
    expect(linkedPage.linked).toEqual(['/assets/app-1.css']);
  });

  it('links the web app manifest once the page has painted, not before', () => {
    const page = runBootstrap({ manifest: '/site.webmanifest' });
    page.paint('first-paint');
    page.runTimers();
    expect(page.manifests).toEqual([]);
    page.paint('first-contentful-paint');
    page.runTimers();
    expect(page.manifests).toEqual(['/site.webmanifest']);
  });
});
