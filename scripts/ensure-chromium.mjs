// The browser tests use Debian's Chromium (never a downloaded browser). Installs it when missing and
// this runs as root; otherwise stops with instructions.
import { ensureDebianPackage } from './lib/debian-package.mjs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without the background-networking flags Chromium keeps trying to reach Google's hosts, which this
// offline machine refuses; the sandbox needs privileges a root CI job does not have.
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function ensureChromium() {
  ensureDebianPackage({
    binary: chromiumPath,
    name: 'chromium',
    hint: ' (or set CHROMIUM_PATH to an existing Chromium)',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
