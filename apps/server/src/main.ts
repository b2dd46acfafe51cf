import cluster from 'node:cluster';
import { loadConfig } from './config.ts';

// The two roles load only what they need (the build splits the bundle at these imports): the cluster primary
// stays small because it never loads the HTTP application.
const config = loadConfig();
if (cluster.isPrimary && config.workers > 1) {
  // PostgreSQL with several workers: this process only supervises them (cluster/primary.ts).
  const { runPrimary } = await import('./cluster/primary.ts');
  runPrimary(config, import.meta.filename);
} else {
  const { serve } = await import('./serve.ts');
  await serve(config);
}
