// Finds the Chromium the end-to-end tests drive (CHROMIUM_PATH or Debian's /usr/bin/chromium);
// installs Debian's package when it can (root on Debian), else says exactly what to install.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const found = candidates.find((p) => fs.existsSync(p));
if (found) {
  console.log(`Chromium for the browser tests: ${found}`);
  process.exit(0);
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && fs.existsSync('/usr/bin/apt-get')) {
  console.log("Chromium is missing: installing Debian's chromium package...");
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
  process.exit(fs.existsSync('/usr/bin/chromium') ? 0 : 1);
}
console.error(
  'The browser tests need Chromium. Install it with "sudo apt-get install chromium" (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium binary.',
);
process.exit(1);
