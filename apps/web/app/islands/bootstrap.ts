/** The islands runtime as the browser build wrote it (vite.config.ts reads the build's manifest). */
export type IslandsEntry = { file: string; imports: string[] };

/**
 * The only script of a prerendered public page, inline at the end of <body>. It requests nothing
 * until the page has painted: once the browser reports the first contentful paint, deferred frames
 * get their address (components/deferred-frame.tsx) and the runtime (islands/runtime.tsx) is
 * imported with its chunk. A pointer, key or focus before that starts the runtime at once. A form
 * submitted before its island is live is held, not sent as a page reload, and the runtime submits it
 * again once the island has hydrated.
 *
 * The server allows this inline script by its hash (docs/decisions/0002), computed from the page.
 */
export function islandsBootstrap({ file, imports }: IslandsEntry): string {
  return `(function () {
  var isStarted = false;
  function start() {
    if (isStarted) return;
    isStarted = true;
    // The runtime's chunks are requested beside it, not after it.
    ${JSON.stringify([...imports, file])}.forEach(function (href) {
      import(href).catch(function (error) {
        isStarted = false;
        console.error('The page could not load its scripts:', error);
      });
    });
  }
  function afterPaint() {
    document.querySelectorAll('iframe[data-deferred-src]').forEach(function (frame) {
      if (!frame.getAttribute('src')) frame.src = frame.getAttribute('data-deferred-src');
    });
    start();
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
    document.addEventListener(type, start, { capture: true, passive: true });
  });
  window.__islandSubmits = [];
  document.addEventListener('submit', function (event) {
    var island = event.target.closest('[data-island]');
    if (!island || island.hasAttribute('data-island-hydrated')) return;
    event.preventDefault();
    window.__islandSubmits.push(event.target);
    start();
  }, true);
})();`;
}
