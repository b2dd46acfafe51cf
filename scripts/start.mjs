#!/usr/bin/env node
// `npm start`: build what is stale (usually nothing), then run the compiled server in this same process, so the
// process tree is npm plus one node (docs/decisions/0080-build-once-start.md).
import { pathToFileURL } from 'node:url';
import { ensureBuilt, serverMain } from './build.mjs';

process.env.NODE_ENV = 'production';
await ensureBuilt();
if (process.env.AQUAMALL_START_TIMINGS === '1') {
  const cpu = process.cpuUsage();
  console.error(`[start] build checked: ${(performance.now() / 1000).toFixed(2)} s, cpu ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s`);
}
await import(pathToFileURL(serverMain).href);
