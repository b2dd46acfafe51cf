// The server's module map, shared by the module-boundary rule (module-boundaries.js), its cycle test
// (rules.test.js) and the face generator (scripts/module-faces.mjs). The layers are those of
// docs/architecture.md ("Server layers"); a module may import its own layer and the layers below it, never one
// above, and no two modules may reach each other (directly or round a longer loop).
import fs from 'node:fs';
import path from 'node:path';

/** Layer of each server module (apps/server/src/modules/<m>/). A module missing here is an error of the rule. */
export const LAYERS = {
  // 1. kernel: no notion of who is asking
  jobs: 1, events: 1, site: 1, enums: 1, health: 1, ping: 1, ops: 1,
  // 2. identity and the services that know the caller
  auth: 2, codes: 2, captcha: 2, access: 2, wechat: 2, privacy: 2,
  audit: 2, files: 2, notifications: 2, openapi: 2, merchant: 2, certification: 2,
  // 3. catalogue
  catalog: 3, products: 3, search: 3, pricing: 3,
  // 4. trade documents
  buying: 4, orders: 4, aftersales: 4, invoices: 4, credit: 4, enquiries: 4, quotations: 4, tenders: 4,
  agreements: 4, approvals: 4, tracking: 4, 'trade-papers': 4, contracts: 4, payments: 4, budgets: 4,
  // 5. read models
  reports: 5, workbench: 5, mall: 5, seo: 5, admin: 5,
};

/**
 * The reaches that still break the layers or make a cycle, each `<file under apps/server/src> -> <module>`: the
 * rule lets these (and only these) pass, the cycle check leaves them out, and the test in rules.test.js fails when
 * one is gone (remove it here) so the list only shrinks. Issue 27 and docs/architecture.md ("Where the code
 * stands") say how each is to be broken. Never add to it: pass the decision down instead.
 */
export const KNOWN_REACHES = new Set([]);

export const LAYER_NAMES = { 0: 'lib/plugins/db', 1: 'kernel', 2: 'identity', 3: 'catalogue', 4: 'trade documents', 5: 'read models' };

const sep = path.sep;
const SERVER_SRC = `${sep}apps${sep}server${sep}src${sep}`;
const MODULES = `${SERVER_SRC}modules${sep}`;

/** The server source root, from this file. */
export const serverSrc = path.resolve(import.meta.dirname, '..', 'apps', 'server', 'src');

/** Is this a test file or a test helper (tests may reach into any module)? */
export function isTest(file) {
  return /\.test\.tsx?$/.test(file) || file.includes(`${SERVER_SRC}test${sep}`);
}

/** The module a path lies in, or null. */
export function moduleOf(file) {
  const i = file.indexOf(MODULES);
  if (i < 0) return null;
  const rest = file.slice(i + MODULES.length).split(sep);
  return rest.length > 1 ? rest[0] : null;
}

/** The server area a non-module file belongs to: 'lib' | 'plugins' | 'db' | 'root' (app.ts, cli/, …) | null. */
export function areaOf(file) {
  const i = file.indexOf(SERVER_SRC);
  if (i < 0) return null;
  const [first, second] = file.slice(i + SERVER_SRC.length).split(sep);
  if (first === 'modules') return 'module';
  // The demo seed assembles every module's demo data: a composition root like app.ts, not the database layer.
  if (first === 'db' && second === 'seed') return 'root';
  return ['lib', 'plugins', 'db'].includes(first) ? first : 'root';
}

/** Is the resolved path the face (index.ts) of its module? */
export function isFace(resolved) {
  const m = moduleOf(resolved);
  if (!m) return false;
  const i = resolved.indexOf(MODULES);
  const rest = resolved.slice(i + MODULES.length + m.length + 1);
  return /^index(\.(ts|js))?$/.test(rest);
}

/** The relative specifier from `file` to the face of `module`, in the house's `.ts` style. */
export function faceSpecifier(file, module) {
  const i = file.indexOf(MODULES);
  const modulesDir = i >= 0 ? file.slice(0, i + MODULES.length) : path.join(file.slice(0, file.indexOf(SERVER_SRC) + SERVER_SRC.length), 'modules') + sep;
  let rel = path.relative(path.dirname(file), path.join(modulesDir, module, 'index.ts')).split(sep).join('/');
  if (!rel.startsWith('.')) rel = `./${rel}`;
  return rel;
}

const IMPORT_RE = /(?:^|[\n;])\s*(?:import|export)\s[^'";]*?\sfrom\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)|(?:^|[\n;])\s*import\s*['"]([^'"]+)['"]/g;

function walk(dir, out) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The server's source files (tests included; filter with isTest). */
export function serverFiles(root = serverSrc) {
  return walk(root, []);
}

/** The relative import specifiers of a source text. */
export function specifiersOf(text) {
  const out = [];
  for (const m of text.matchAll(IMPORT_RE)) out.push(m[1] ?? m[2] ?? m[3]);
  return out.filter((s) => s && s.startsWith('.'));
}

/** The path of a server file as KNOWN_REACHES writes it. */
export function srcPath(file, root = serverSrc) {
  return path.relative(root, file).split(sep).join('/');
}

/**
 * The module graph of the non-test server files: Map<module, Map<module, string[]>> (the importing files per
 * edge). With `known: false` the reaches of KNOWN_REACHES are left out.
 */
export function buildModuleGraph(root = serverSrc, { known = true } = {}) {
  const graph = new Map();
  for (const file of serverFiles(root)) {
    if (isTest(file)) continue;
    const from = moduleOf(file);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    for (const spec of specifiersOf(fs.readFileSync(file, 'utf8'))) {
      const to = moduleOf(path.resolve(path.dirname(file), spec));
      if (!to || to === from) continue;
      if (!known && KNOWN_REACHES.has(`${srcPath(file, root)} -> ${to}`)) continue;
      const edges = graph.get(from);
      if (!edges.has(to)) edges.set(to, []);
      edges.get(to).push(srcPath(file, root));
    }
  }
  return graph;
}

/** The strongly connected components with more than one module (each a cycle), by Tarjan's algorithm. */
export function moduleCycles(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

/**
 * Who owns each table (db/schema/<file>.ts → its module): by file, then by table where a file holds another
 * module's tables. null: every module may read it — `company` (companies, users: the parties of every record,
 * named on every page) and `history` (document_history: written in one shape by lib/transition.ts for every
 * document; each module reads its own documents' rows). 'lib': tables of lib/ and plugins/ that no module reads.
 */
export const SCHEMA_OWNERS = {
  company: null, history: null,
  identity: 'auth', 'two-factor': 'auth', access: 'access', audit: 'audit', privacy: 'privacy', 'rate-limit': 'lib',
  merchant: 'merchant', site: 'site', files: 'files', catalogue: 'products', stock: 'products', search: 'search',
  addresses: 'buying', cart: 'buying', 'shopping-lists': 'buying', orders: 'orders', 'order-counts': 'orders',
  aftersales: 'aftersales', invoices: 'invoices', credit: 'credit', enquiries: 'enquiries', quotations: 'quotations',
  tenders: 'tenders', approvals: 'approvals', budgets: 'budgets', agreements: 'agreements',
  notifications: 'notifications', idempotency: 'lib', jobs: 'jobs', 'report-rollups': 'reports', pricing: 'pricing',
  tracking: 'tracking', openapi: 'openapi', payments: 'payments', contracts: 'contracts',
};
export const TABLE_OWNERS = {
  verificationCodes: 'codes', captchas: 'captcha', wechatTickets: 'wechat', sandboxOutbox: 'lib',
  categories: 'catalog', categoryAttributes: 'catalog',
  certifications: 'certification', memberUpgradeRequests: 'certification', memberLedger: 'certification',
  domainEvents: 'events',
};

const JOIN = 'a list or detail joins the rows in its one statement (a face function would cost a query per row)';
const PARTY = "checks the caller is a party of the record it hangs on, in the same statement as its own read";
/**
 * The reads of another module's tables not yet moved behind the owner's face, `<module> -> <owner>` with the reason
 * it is still so. The test in rules.test.js fails on a read not listed here and on an entry no longer needed, so
 * the list only shrinks. Exempt by rule: the read models (layer 5: reports, workbench, mall, seo, admin), whose
 * job is to read across modules, and the demo data writers (`demo*.ts`, called by the seed, a composition root).
 */
export const TABLE_READS = new Map([
  ['aftersales -> buying', 'a return snapshots the supplier\'s return address into the request'],
  ['aftersales -> invoices', 'a refund is capped by what was invoiced, read in the refund\'s transaction'],
  ['aftersales -> orders', 'a request is made on order lines and locks them with the order (quantities left to return)'],
  ['agreements -> orders', JOIN],
  ['agreements -> products', 'an agreement line snapshots the goods it prices'],
  ['approvals -> access', 'an approval step names a role: who holds it is read in the gate\'s statement'],
  ['approvals -> buying', 'the checkout gate reads the cart lines it routes, inside the checkout\'s transaction'],
  ['approvals -> catalog', 'an approval rule matches goods by category'],
  ['approvals -> orders', 'a purchase request shows the orders it became'],
  ['approvals -> products', 'the checkout gate matches goods by category'],
  ['budgets -> approvals', 'budgets belong to the departments approvals keeps (one organisation chart)'],
  ['buying -> orders', '再来一单 copies an order\'s lines into the cart'],
  ['buying -> products', 'the cart shows and checks the goods it holds'],
  ['certification -> site', 'membership prices are site settings'],
  ['contracts -> credit', 'a contract names the credit terms agreed'],
  ['contracts -> enquiries', 'a contract from an award names its enquiry'],
  ['contracts -> orders', 'a contract is drawn on one order, read in the contract\'s transaction'],
  ['credit -> orders', JOIN],
  ['enquiries -> buying', 'an award snapshots the purchaser\'s invoice title into the order'],
  ['enquiries -> orders', JOIN],
  ['enquiries -> products', 'an enquiry line may name catalogue goods; offers link product questions'],
  ['invoices -> aftersales', 'an invoice request is capped by what was refunded'],
  ['invoices -> orders', 'an invoice covers completed orders of one supplier, checked in the request\'s statement'],
  ['merchant -> lib', 'the bank-account check sends through the demo sandbox outbox (lib/providers/outbox.ts)'],
  ['merchant -> products', 'closing a shop takes its goods off sale in the same transaction'],
  ['notifications -> access', 'who receives an outbound notice is who holds the permission, in one statement'],
  ['orders -> aftersales', JOIN],
  ['orders -> contracts', 'the order list shows each order\'s contract line (合同待签/已签), in the list\'s one statement'],
  ['orders -> invoices', JOIN],
  ['orders -> products', 'placing an order snapshots and locks the goods and SKUs it buys'],
  ['payments -> orders', 'a payment order pays one order and confirms its payment in the same transaction'],
  ['pricing -> products', 'a contract price is set on a SKU of the supplier\'s goods'],
  ...['access', 'audit', 'auth', 'buying', 'files', 'merchant', 'notifications', 'quotations'].map((o) => [`privacy -> ${o}`, 'the personal-data export gathers every table that holds the person']),
  ['privacy -> orders', 'the personal-data export gathers every table that holds the person; erasure keeps open orders'],
  ['products -> catalog', 'goods are filed under categories and carry their attributes (one catalogue)'],
  ['products -> files', 'goods content and imports take their uploaded images'],
  ['quotations -> enquiries', 'a quotation answers an enquiry\'s items: ' + PARTY],
  ['search -> catalog', 'the search copy of goods is built from the catalogue (a read model of it)'],
  ['search -> products', 'the search copy of goods is built from the catalogue (a read model of it)'],
  ['site -> enquiries', 'the home page snapshot counts open enquiries'],
  ['site -> products', 'the home page snapshot counts goods'],
  ['site -> tenders', 'the home page snapshot counts published tenders'],
  ['tenders -> buying', 'a tender snapshots the purchaser\'s delivery address'],
  ['tenders -> files', 'a tender takes its uploaded documents'],
]);

/** The owner module of every table the schema exports (TS name → module | null | 'lib'), from the schema files. */
export function tableOwners(root = serverSrc) {
  const dir = path.join(root, 'db', 'schema');
  const owners = new Map();
  for (const f of fs.readdirSync(dir)) {
    const base = f.replace(/\.ts$/, '');
    const text = fs.readFileSync(path.join(dir, f), 'utf8');
    for (const m of text.matchAll(/export const (\w+)\s*=\s*pgTable\b/g)) {
      owners.set(m[1], m[1] in TABLE_OWNERS ? TABLE_OWNERS[m[1]] : base in SCHEMA_OWNERS ? SCHEMA_OWNERS[base] : undefined);
    }
    // An alias of a table (`export const bids = tenders`) has the table's owner.
    for (const m of text.matchAll(/export const (\w+)\s*=\s*(\w+);/g)) if (owners.has(m[2])) owners.set(m[1], owners.get(m[2]));
  }
  return owners;
}

const SCHEMA_IMPORT_RE = /import\s*(type\s*)?\{([^}]*)\}\s*from\s*['"][^'"]*db\/schema\/index\.ts['"]/g;

/**
 * The reads of another module's tables by non-test module files outside the exemptions (TABLE_READS):
 * Map<'<module> -> <owner>', string[] of '<file>: <table>'>. Tables named in raw SQL text are not seen.
 */
export function tableReads(root = serverSrc) {
  const owners = tableOwners(root);
  const out = new Map();
  for (const file of serverFiles(root)) {
    const from = moduleOf(file);
    if (!from || isTest(file) || LAYERS[from] === 5 || /[\\/]demo[^\\/]*\.ts$/.test(file)) continue;
    for (const m of fs.readFileSync(file, 'utf8').matchAll(SCHEMA_IMPORT_RE)) {
      if (m[1]) continue;
      for (const spec of m[2].split(',').map((s) => s.trim()).filter((s) => s && !s.startsWith('type '))) {
        const name = spec.split(/\s+as\s+/)[0];
        const owner = owners.get(name);
        if (owner === undefined || owner === null || owner === from) continue;
        const key = `${from} -> ${owner}`;
        if (!out.has(key)) out.set(key, []);
        out.get(key).push(`${srcPath(file, root)}: ${name}`);
      }
    }
  }
  return out;
}
