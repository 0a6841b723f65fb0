/**
 * Code as it is typed: its lines kept, scrolled sideways when wider than the screen rather than broken
 * inside a token. Focusable, so a keyboard scrolls the long lines too (axe scrollable-region-focusable).
 */
export function CodeBlock({ code, className = '' }: { code: string; className?: string }) {
  return (
    <pre
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      className={`overflow-x-auto rounded-lg bg-slate-900 p-4 text-xs leading-relaxed text-slate-100 ${className}`.trim()}
    >
      <code>{code}</code>
    </pre>
  );
}
