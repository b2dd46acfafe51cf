import type { FastifyInstance } from 'fastify';
import { ENUMS } from '@aquamall/shared';
import { enumEndpoints as e } from '@aquamall/shared/endpoints';
import { route } from '../../lib/route.ts';
import { JsonEntry, sendEntry, SESSIONLESS } from '../site/index.ts';
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

/** GET /api/enums, /api/areas and the aliases /enums, /areas, /cities (docs/product/api-envelope.md#static-data): cached pre-serialised answers. */
export default async function enumsRoutes(app: FastifyInstance) {
  for (const endpoint of [e.enumList, e.enumListAlias]) {
    route(app, endpoint, async (request, reply) => sendEntry(request, reply, enumsEntry(request.query.enumNames), LONG_CACHE), SESSIONLESS);
  }
  for (const endpoint of [e.areaTree, e.areaTreeAlias]) {
    route(app, endpoint, async (request, reply) => sendEntry(request, reply, (areas ??= new JsonEntry(areaTree())), LONG_CACHE), SESSIONLESS);
  }
  route(app, e.cityTree, async (request, reply) => sendEntry(request, reply, (cities ??= new JsonEntry(cityTree())), LONG_CACHE), SESSIONLESS);
}
