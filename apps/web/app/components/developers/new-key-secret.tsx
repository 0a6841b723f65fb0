import { useState } from 'react';
import { Alert } from '#web/components/forms/alert.tsx';
import { Button } from '#web/components/forms/button.tsx';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The secret of a key just made, shown this once (the server keeps only its hash): read-only, selected
 * on focus, with a Copy button. Where the browser refuses the clipboard, the person is told to copy it
 * by hand.
 */
export function NewKeySecret({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const onCopy = () => {
    navigator.clipboard.writeText(secret).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  };
  return (
    <Alert variant="success" title={`Key “${name}” created`}>
      <p>Copy it now: this is the only time it is shown. Keep it where your program reads its secrets.</p>
      <label htmlFor="new-api-key-secret" className="mt-3 block font-medium text-slate-900">
        Your API key
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <input
          id="new-api-key-secret"
          readOnly
          value={secret}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-xs text-slate-900"
          data-testid="new-api-key-secret"
        />
        <Button variant="secondary" onClick={onCopy}>
          Copy
        </Button>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
        <p role="status">
          {copy === 'copied' && 'Copied to the clipboard.'}
          {copy === 'failed' && 'The browser did not allow copying: select the key and copy it yourself.'}
        </p>
      </div>
    </Alert>
  );
}
