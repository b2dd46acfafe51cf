import { parseBenchArgs, runBench } from './lib.ts';
import { printRelevance } from './relevance-lib.ts';
import { FOUNDATION_ROUTES } from './routes.ts';

// `npm run bench` (root): builds, then loads the production server. Options: see parseBenchArgs.
const { ok } = await runBench(FOUNDATION_ROUTES, parseBenchArgs(process.argv.slice(2)));
// The goods search's relevance set over a fresh demo seed: precision@20 and recall@20 (docs/decisions/0176).
await printRelevance();
process.exit(ok ? 0 : 1);
