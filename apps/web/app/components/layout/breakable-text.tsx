import { Fragment } from 'react';

// Where an address or identifier may break when it is wider than its box: after its separators,
// so a line never ends in the middle of a word ("dana.lee@" / "example.com", not "dana.l" / "ee@…").
const separators = /(?<=[@.|/_-])/;

/**
 * `text` (an email address, a user id, a URL) with a line-break opportunity after each separator.
 * The box still needs `overflow-wrap: anywhere` as a last resort for a single part wider than it.
 */
export function BreakableText({ text }: { text: string }) {
  const parts = text.split(separators);
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order.
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
