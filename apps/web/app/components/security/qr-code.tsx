import { encode } from 'uqr';

/**
 * A QR code as one SVG path (no canvas, no inline script: the page's CSP allows it as it is), with
 * the four-module quiet zone scanners need.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { data, size } = encode(value, { border: 4 });
  let path = '';
  data.forEach((row, y) => {
    row.forEach((isDark, x) => {
      if (isDark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      className="size-44 rounded-md bg-white ring-1 ring-slate-200"
      shapeRendering="crispEdges"
    >
      <path d={path} fill="#0f172a" />
    </svg>
  );
}
