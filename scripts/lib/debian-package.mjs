// Debian packages a test needs (Chromium, HAProxy) are installed when missing and this runs as root;
// otherwise the run stops with the command to type.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function ensureDebianPackage({ binary, name, hint = '' }) {
  if (existsSync(binary)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `${name} is not installed at ${binary}. Install it with: sudo apt-get install -y ${name}${hint}`,
    );
    process.exit(1);
  }
  console.log(`Installing ${name} from Debian packages…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', name], { stdio: 'inherit', env });
}
