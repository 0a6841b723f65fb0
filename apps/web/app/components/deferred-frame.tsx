import { type IframeHTMLAttributes, useEffect, useState } from 'react';

type DeferredFrameProps = Omit<IframeHTMLAttributes<HTMLIFrameElement>, 'src'> & {
  src: string;
  title: string;
  className?: string;
  'data-testid'?: string;
};

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * A frame whose document is requested once the page has painted. A frame's document is fetched at
 * the browser's highest priority, beside the stylesheet the first paint waits for. The prerendered
 * HTML names the address in `data-deferred-src` only: the page's bootstrap sets `src` after the first
 * paint (islands/bootstrap.ts), the app after its first render. Without JavaScript the copy in
 * <noscript> loads instead, and app.css hides the empty frame.
 */
export function DeferredFrame({ src, title, className = '', ...props }: DeferredFrameProps) {
  const [isShown, setIsShown] = useState(false);
  useEffect(() => setIsShown(true), []);
  const fallback = `<iframe src="${escapeAttribute(src)}" title="${escapeAttribute(title)}" class="${escapeAttribute(className)}"></iframe>`;
  return (
    <>
      <iframe
        data-deferred-src={src}
        src={isShown ? src : undefined}
        title={title}
        className={className}
        {...props}
      />
      {/* Parsed as text, never as a frame, wherever scripts run (the prerendered HTML and the app). */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed frame, its attributes escaped. */}
      <noscript dangerouslySetInnerHTML={{ __html: fallback }} />
    </>
  );
}
