import zlib from 'node:zlib';
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { EnquiryStatus } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { articles, bids, companies, enquiries, products } from '../../db/schema/index.ts';
import { escapeHtml as esc } from '../../lib/html.ts';
import { JsonCache } from '../site/index.ts';
import { publicProduct } from '../search/index.ts';
import { openShop } from '../merchant/index.ts';
import { publicEnquiry } from '../mall/index.ts';
import { published as bidPublished } from '../mall/index.ts';
import { visible as articleVisible } from '../mall/index.ts';
import { LIST_PATHS } from './pages.ts';

/** Sitemaps are rebuilt at most this often per process: crawlers come rarely, and a new page can wait. */
export const SITEMAP_TTL_MS = 5 * 60_000;

const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const day = (d: Date | string) => new Date(d).toISOString().slice(0, 10);

/** A serialised sitemap file, gzipped once when a crawler asks for gzip. */
export class XmlEntry {
  private gz: Buffer | undefined;
  constructor(readonly xml: string) {}
  gzip(): Buffer {
    this.gz ??= zlib.gzipSync(this.xml, { level: 6 });
    return this.gz;
  }
}

interface Kind {
  /** The detail page's path; the record id goes into `?id=`. */
  page: string;
  /**
   * The id ranges that hold public rows: range b is ids [b·perFile + 1, (b + 1)·perFile], so a file is read by
   * keyset (`id` between its bounds, the primary key) instead of OFFSET, which at 1,000,000 products made file
   * 20 step over 950,000 rows; one pass over the table when the index is built, like the count it replaces
   * (decision 0152, 2026-11-24). A file's URLs stay in their file while other products come and go.
   */
  ranges(db: Db, perFile: number): Promise<number[]>;
  /** One file's rows: ids from `from` up to (not including) `to`, ascending, at most `limit`; with lastmod. */
  rows(db: Db, limit: number, from: number, to: number): Promise<{ id: number; changed: Date | string | null }[]>;
}

/** A kind read from one table (joined with the owning company where the rule needs it). */
function kind(
  page: string,
  table: typeof products | typeof companies | typeof enquiries | typeof bids | typeof articles,
  id: SQL | typeof products.id,
  changed: SQL,
  where: SQL,
  join?: { on: SQL },
): Kind {
  return {
    page,
    async ranges(db, perFile) {
      const range = sql<number>`((${id} - 1) / ${sql.raw(String(Math.trunc(perFile)))})::int`;
      const q = db.select({ range }).from(table);
      // GROUP BY rather than DISTINCT: a hash aggregate over the scan instead of sorting every id.
      const rows = await (join ? q.innerJoin(companies, join.on) : q).where(where).groupBy(range);
      return rows.map((r) => Number(r.range)).sort((a, b) => a - b);
    },
    async rows(db, limit, fromId, toId) {
      const q = db.select({ id: sql<number>`${id}`, changed: sql<Date | string | null>`${changed}` }).from(table);
      const range = and(where, sql`${id} >= ${fromId}`, sql`${id} < ${toId}`);
      return (join ? q.innerJoin(companies, join.on) : q)
        .where(range)
        .orderBy(asc(id as SQL))
        .limit(limit);
    },
  };
}

/** The public pages a sitemap lists: exactly what the detail pages would answer with HTTP 200. */
const KINDS: Record<string, Kind> = {
  goods: kind('/mall/goodsDetail', products, products.id, sql`${products.updatedAt}`, publicProduct),
  shops: kind('/mall/shopHome', companies, sql`${companies.id}`, sql`${companies.updatedAt}`, openShop),
  enquiries: kind(
    '/mall/enquiryDetail',
    enquiries,
    sql`${enquiries.id}`,
    sql`${enquiries.updatedAt}`,
    // Open ones only: quoting and before the deadline.
    and(publicEnquiry, eq(enquiries.status, EnquiryStatus.QUOTING), gt(enquiries.deadline, sql`now()`)) as SQL,
    { on: eq(companies.id, enquiries.companyId) },
  ),
  tenders: kind('/mall/bidDetail', bids, sql`${bids.id}`, sql`coalesce(${bids.amendedAt}, ${bids.publishedAt})`, bidPublished),
  articles: kind('/mall/articledetail', articles, sql`${articles.id}`, sql`${articles.publishedAt}`, articleVisible),
};

const urlset = (urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${XMLNS}">\n${urls.join('\n')}\n</urlset>\n`;
const urlTag = (loc: string, changed?: Date | string | null) =>
  `<url><loc>${esc(loc)}</loc>${changed ? `<lastmod>${day(changed)}</lastmod>` : ''}</url>`;

/** Builds and caches the sitemap index and files of one database. */
export class Sitemaps {
  private cache = new JsonCache(SITEMAP_TTL_MS);

  constructor(
    private readonly db: Db,
    private readonly base: string,
    private readonly perFile: number,
  ) {}

  /** The files of the index: `pages-1.xml`, then `<kind>-<n>.xml` for every kind that has public pages. */
  async files(): Promise<string[]> {
    return [...(await this.layout()).keys()];
  }

  /** Every file of the index with the id range it holds (`to` excluded); built with the index. */
  private layout(): Promise<Map<string, { from: number; to: number }>> {
    return this.cache.value('layout', async () => {
      const kinds = Object.entries(KINDS);
      const ranges = await Promise.all(kinds.map(([, k]) => k.ranges(this.db, this.perFile)));
      const files = new Map([['pages-1.xml', { from: 0, to: 0 }]]);
      kinds.forEach(([name], i) => {
        ranges[i]!.forEach((b, p) =>
          files.set(`${name}-${p + 1}.xml`, { from: b * this.perFile + 1, to: (b + 1) * this.perFile + 1 }),
        );
      });
      return files;
    });
  }

  index(): Promise<XmlEntry> {
    return this.cache.value('index.xml', async () => {
      const files = await this.files();
      const list = files.map((f) => `<sitemap><loc>${esc(`${this.base}/sitemaps/${f}`)}</loc></sitemap>`).join('\n');
      return new XmlEntry(`<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${XMLNS}">\n${list}\n</sitemapindex>\n`);
    });
  }

  /** One file (`goods-2.xml`), or null when the index has no such file. */
  async file(name: string): Promise<XmlEntry | null> {
    const range = (await this.layout()).get(name);
    if (!range) return null;
    return this.cache.value(name, async () => {
      const kindName = name.slice(0, name.indexOf('-'));
      if (kindName === 'pages') return new XmlEntry(urlset(['/', ...LIST_PATHS].map((p) => urlTag(this.base + p))));
      const k = KINDS[kindName]!;
      const rows = await k.rows(this.db, this.perFile, range.from, range.to);
      return new XmlEntry(urlset(rows.map((r) => urlTag(`${this.base}${k.page}?id=${r.id}`, r.changed))));
    });
  }
}
