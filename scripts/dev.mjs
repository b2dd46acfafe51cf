#!/usr/bin/env node
// Development: the API with tsx watch on :3000 and the Vite dev server on :5173 (proxying /api, /f, /file).
import { spawn } from 'node:child_process';

const procs = [
  spawn('npm', ['run', 'dev', '-w', '@aquamall/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@aquamall/web'], { stdio: 'inherit' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs) p.on('exit', (code) => { if (code) { stop(); process.exitCode = code; } });
