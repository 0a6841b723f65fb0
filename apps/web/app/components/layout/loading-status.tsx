/** A spinner announced as 'Loading…', for a page whose content is not known yet. */
export function LoadingStatus({ className = '' }: { className?: string }) {
  return (
    <div className={`flex items-center justify-center ${className}`.trim()} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
