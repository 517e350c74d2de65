/** `npm run dev`: the API with reload on change (port 3000) and Vite's dev server, which proxies /api to it. */
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@bank/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@bank/web'], { stdio: 'inherit' }),
];
function stopAll(signal) {
  for (const child of children) child.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
for (const child of children) child.on('exit', () => stopAll('SIGTERM'));
