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
  alreadyLinked = [],
}: {
  stylesheet?: string;
  alreadyLinked?: string[];
} = {}) {
  const imported: string[] = [];
  const linked = [...alreadyLinked];
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
        link.rel === 'stylesheet' && linked.push(link.href),
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
  const code = islandsBootstrap({ ...entry, stylesheet }).replaceAll('import(', 'load(');
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
    frame,
    paint: (name: string) =>
      paintObserver?.(
        { getEntriesByName: (wanted) => (wanted === name ? [{}] : []) },
        { disconnect: () => undefined },
      ),
    runTimers: () => {
      for (const timer of timers.splice(0)) timer();
    },
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
});
