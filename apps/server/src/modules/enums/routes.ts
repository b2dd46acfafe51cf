import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ENUMS, enumsQuery } from '@aquamall/shared';
import { JsonEntry, sendEntry } from '../site/cache.ts';
import { areaTree, cityTree } from './areas.ts';

/** Static data: browsers may keep it a day, then revalidate by ETag. */
const LONG_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

let areas: JsonEntry | undefined;
let cities: JsonEntry | undefined;
const enumEntries = new Map<string, JsonEntry>();
const KNOWN = new Set(ENUMS.map((e) => e.name));

/** One entry per distinct set of known names asked for (bounded by the number of enums). */
function enumsEntry(names: string[] | undefined): JsonEntry {
  const wanted = names?.length ? [...new Set(names.filter((n) => KNOWN.has(n)))].sort() : null;
  const key = wanted ? wanted.join(',') : '*';
  let entry = enumEntries.get(key);
  if (!entry) {
    entry = new JsonEntry(wanted ? ENUMS.filter((e) => wanted.includes(e.name)) : ENUMS);
    if (enumEntries.size < 256) enumEntries.set(key, entry);
  }
  return entry;
}

/** GET /api/enums, /api/areas and the aliases /enums, /areas, /cities (SPEC §7). */
export default async function enumsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const enumsHandler = { schema: { querystring: enumsQuery } };
  for (const path of ['/api/enums', '/enums']) {
    app.get(path, enumsHandler, async (request, reply) => sendEntry(request, reply, enumsEntry(request.query.enumNames), LONG_CACHE));
  }
  for (const path of ['/api/areas', '/areas']) {
    app.get(path, async (request, reply) => sendEntry(request, reply, (areas ??= new JsonEntry(areaTree())), LONG_CACHE));
  }
  app.get('/cities', async (request, reply) => sendEntry(request, reply, (cities ??= new JsonEntry(cityTree())), LONG_CACHE));
}
