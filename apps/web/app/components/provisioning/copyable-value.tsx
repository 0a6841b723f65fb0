import { useState } from 'react';
import { Button } from '#web/components/forms/button.tsx';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * A value to paste into the identity provider (the base URL, a new token): read-only, selected on
 * focus, with a Copy button; where the browser refuses the clipboard the person is told to copy it.
 */
export function CopyableValue({
  id,
  label,
  value,
  testId,
}: {
  id: string;
  label: string;
  value: string;
  testId: string;
}) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const onCopy = () => {
    navigator.clipboard.writeText(value).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-xs text-slate-900"
          data-testid={testId}
        />
        <Button variant="secondary" onClick={onCopy} aria-describedby={`${id}-copied`}>
          Copy
        </Button>
      </div>
      <p id={`${id}-copied`} role="status" className="mt-1 text-sm text-slate-600 empty:hidden">
        {copy === 'copied' && 'Copied to the clipboard.'}
        {copy === 'failed' && 'The browser did not allow copying: select the value and copy it yourself.'}
      </p>
    </div>
  );
}
