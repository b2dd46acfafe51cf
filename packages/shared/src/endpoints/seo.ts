import { z } from 'zod';
import { endpoint, PUBLIC, raw } from './endpoint.ts';

/** A sitemap file of the index: `<kind>-<page>.xml` (pages-1.xml, goods-3.xml …). */
export const sitemapFileParams = z.object({
  file: z.string().regex(/^[a-z]{1,20}-[1-9]\d{0,5}\.xml$/, '站点地图文件不存在'),
});

/**
 * What search engines read besides the pages (decision 0152): robots.txt and the sitemap index with its files.
 * The public pages themselves are the web app's index.html with their meta tags (plugins/not-found.ts).
 */
export const seoEndpoints = {
  robotsTxt: endpoint({
    method: 'GET',
    path: '/robots.txt',
    summary: 'robots.txt: the workbench, console, API and sign-in are not crawled; where the sitemap is',
    access: PUBLIC,
    response: raw('text/plain'),
  }),
  sitemapIndex: endpoint({
    method: 'GET',
    path: '/sitemap.xml',
    summary: 'Sitemap index: one file per kind of public page and per 50,000 URLs',
    access: PUBLIC,
    response: raw('application/xml'),
  }),
  sitemapFile: endpoint({
    method: 'GET',
    path: '/sitemaps/:file',
    summary: 'One sitemap file: site pages, on-sale goods, shops, open enquiries, public tenders or articles',
    access: PUBLIC,
    params: sitemapFileParams,
    response: raw('application/xml'),
  }),
};
