#!/usr/bin/env node
// The browser tests drive Debian's Chromium (no browser downloads are possible on these machines).
// Finds it, or installs it with apt-get when running as root, or explains what to do.
import { execFileSync, execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
  Boolean,
);
const found = () => candidates.find((path) => existsSync(path));

if (!found()) {
  const isRoot = process.getuid?.() === 0;
  let hasApt = false;
  try {
    execSync('command -v apt-get', { stdio: 'ignore' });
    hasApt = true;
  } catch {}
  if (isRoot && hasApt) {
    console.log("Chromium is missing: installing Debian's chromium package for the browser tests…");
    execFileSync(
      'sh',
      ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'],
      {
        stdio: 'inherit',
      },
    );
  }
}
const path = found();
if (!path) {
  console.error(
    'The browser tests need Chromium. Install it (Debian/Ubuntu: `sudo apt-get install chromium`) ' +
      'or set CHROMIUM_PATH to its executable.',
  );
  process.exit(1);
}
