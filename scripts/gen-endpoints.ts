// Writes packages/shared/src/endpoints/table.gen.ts: each endpoint's method and path by name, without zod, so the
// web client can call endpoints by name while the first page load stays free of the contracts' schemas.
// Run: npm run gen:endpoints (a shared test fails when the table is stale).
import fs from 'node:fs';
import path from 'node:path';
import { endpointTableSource } from '../packages/shared/src/endpoints/table-source.ts';

const file = path.resolve(import.meta.dirname, '../packages/shared/src/endpoints/table.gen.ts');
fs.writeFileSync(file, endpointTableSource());
console.log(`wrote ${path.relative(process.cwd(), file)}`);
