/**
 * `npm run bench:relevance`: the search relevance set (src/modules/search/relevance.json) over a freshly seeded
 * embedded demo database (or BENCH_RELEVANCE_DATABASE_URL, a PostgreSQL database holding the demo seed only):
 * precision@20 and recall@20 per query and their means. `npm run bench` prints the same after its routes.
 */
import { printRelevance } from './relevance-lib.ts';

await printRelevance();
process.exit(0);
