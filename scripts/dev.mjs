#!/usr/bin/env node
// `pnpm dev`: the Vite dev server (hot reload of the web app) and the API server (restarts on change).
import { spawn } from 'node:child_process';

const VITE = 'http://localhost:5173';
const children = [
  spawn('pnpm', ['--filter', '@renderfarm/web', 'dev'], { stdio: 'inherit', shell: true }),
  spawn('pnpm', ['--filter', '@renderfarm/server', 'dev'], {
    stdio: 'inherit',
    shell: true,
    env: { ...process.env, VITE_DEV_SERVER: process.env.VITE_DEV_SERVER || VITE },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
