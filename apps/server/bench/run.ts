import { parseBenchArgs, runBench } from './lib.ts';
import { FOUNDATION_ROUTES } from './routes.ts';

// `npm run bench` (root): builds, then loads the production server. Options: see parseBenchArgs.
const { ok } = await runBench(FOUNDATION_ROUTES, parseBenchArgs(process.argv.slice(2)));
process.exit(ok ? 0 : 1);
