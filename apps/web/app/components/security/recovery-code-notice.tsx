import { useEffect, useState } from 'react';
import { buttonClasses } from '#web/components/forms/button.tsx';

/** Groups of four, easier to copy onto paper; the provider ignores the spaces. */
const readable = (code: string) => code.match(/.{1,4}/g)?.join(' ') ?? code;

/**
 * The recovery code, shown once: the identity provider keeps one at a time, and each use spends it and
 * gives the next. Downloadable as a text file.
 */
export function RecoveryCodeNotice({ code, title }: { code: string; title: string }) {
  const [downloadUrl, setDownloadUrl] = useState<string | null>(null);

  useEffect(() => {
    const url = URL.createObjectURL(
      new Blob(
        [
          `Your recovery code for ${window.location.host}\n\n${readable(code)}\n\n`,
          'It signs you in once if you cannot use your authenticator app; you then get a new one.\n',
        ],
        { type: 'text/plain' },
      ),
    );
    setDownloadUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [code]);

  return (
    <section
      aria-labelledby="recovery-code-title"
      className="rounded-lg bg-amber-50 p-5 ring-1 ring-amber-200"
    >
      <h3 id="recovery-code-title" className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      <p className="mt-2 text-sm text-slate-700">
        Keep it somewhere safe. If you lose your phone, it signs you in once instead of a code, and you then
        get a new one. We show it only now.
      </p>
      <p
        data-testid="recovery-code"
        className="mt-4 font-mono text-lg tracking-wider text-slate-900 select-all"
      >
        {readable(code)}
      </p>
      {downloadUrl && (
        <a
          href={downloadUrl}
          download="recovery-code.txt"
          className={buttonClasses({ variant: 'secondary', className: 'mt-4' })}
        >
          Download
        </a>
      )}
    </section>
  );
}
