// The browser tests use Debian's Chromium (never a downloaded browser). Installs it when missing and
// this runs as root; otherwise stops with instructions.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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
  if (existsSync(chromiumPath)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is not installed at ${chromiumPath}. Install it with: sudo apt-get install -y chromium ` +
        '(or set CHROMIUM_PATH to an existing Chromium).',
    );
    process.exit(1);
  }
  console.log('Installing Chromium from Debian packages…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
