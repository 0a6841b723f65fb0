/** The islands runtime as the browser build wrote it (vite.config.ts reads the build's manifest). */
export type IslandsEntry = { file: string; imports: string[] };

/**
 * `stylesheet`: the site's whole stylesheet. The build inlines the part of it a prerendered page uses
 * in place of its <link> (docs/decisions/0044-critical-css-inline-on-prerendered-pages.md); the rest,
 * for what the islands render later (an open menu, a form's errors), is loaded by the bootstrap after
 * the paint.
 * `manifest`: the web app manifest, linked after the paint: linked in <head>, the browser fetches it
 * and its icon while the page is still loading (docs/decisions/0059-web-manifest-after-the-paint.md).
 */
export type BootstrapOptions = IslandsEntry & { stylesheet?: string; manifest?: string };

/**
 * The only script of a prerendered public page, inline at the end of <body>. It requests nothing
 * until the page has painted: once the browser reports the first contentful paint, deferred frames
 * get their address (components/deferred-frame.tsx), the web app manifest is linked, the runtime
 * (islands/runtime.tsx) is imported with its chunk, and the whole stylesheet is linked when the page
 * has only its critical part inline. A pointer, key or focus before that starts the runtime at once.
 * A form submitted before its island is live is held, not sent as a page reload, and the runtime
 * submits it again once the island has hydrated.
 *
 * The server allows this inline script by its hash (docs/decisions/0002), computed from the page.
 */
export function islandsBootstrap({ file, imports, stylesheet, manifest }: BootstrapOptions): string {
  return `(function () {
  var isStarted = false;
  var stylesheet = ${JSON.stringify(stylesheet ?? null)};
  var manifest = ${JSON.stringify(manifest ?? null)};
  function linkOnce(rel, href) {
    if (!href || document.querySelector('link[rel="' + rel + '"][href="' + href + '"]')) return;
    var link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    document.head.appendChild(link);
  }
  function importModule(href) {
    import(href).catch(function (error) {
      isStarted = false;
      console.error('The page could not load its scripts:', error);
    });
  }
  // After the paint each request is a task of its own, so a phone's main thread is never held long
  // between them; a first interaction asks for everything at once, since someone is waiting for it.
  function start(isSpread) {
    if (isStarted) return;
    isStarted = true;
    // The runtime's chunks are requested beside it, not after it.
    var steps = [function () { linkOnce('stylesheet', stylesheet); }].concat(${JSON.stringify([...imports, file])}.map(function (href) {
      return function () { importModule(href); };
    }));
    steps.forEach(function (step) {
      if (isSpread) setTimeout(step);
      else step();
    });
  }
  function startNow() {
    start(false);
  }
  function afterPaint() {
    document.querySelectorAll('iframe[data-deferred-src]').forEach(function (frame) {
      if (!frame.getAttribute('src')) frame.src = frame.getAttribute('data-deferred-src');
    });
    linkOnce('manifest', manifest);
    setTimeout(function () { start(true); });
  }
  var paintTypes = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (paintTypes.indexOf('paint') >= 0) {
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(afterPaint);
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(function () {
      setTimeout(afterPaint);
    });
  }
  ['pointerdown', 'keydown', 'focusin'].forEach(function (type) {
    document.addEventListener(type, startNow, { capture: true, passive: true });
  });
  window.__islandSubmits = [];
  document.addEventListener('submit', function (event) {
    var island = event.target.closest('[data-island]');
    if (!island || island.hasAttribute('data-island-hydrated')) return;
    event.preventDefault();
    window.__islandSubmits.push(event.target);
    startNow();
  }, true);
})();`;
}
