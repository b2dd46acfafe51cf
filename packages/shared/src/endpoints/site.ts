import { z } from 'zod';
import {
  areaNode,
  articleBannerData,
  categoryNode,
  enumDef,
  enumsQuery,
  footerData,
  homeNoticeBody,
  indexBannerData,
  menuKeyParams,
  navigationData,
  noticeSummary,
  partnerData,
  siteData,
  statisticsData,
} from '../contracts/site.ts';
import { pagedOf } from '../envelope.ts';
import { endpoint, PUBLIC } from './endpoint.ts';

/**
 * The public site data of docs/product/api-envelope.md#site-and-mall-calls. Most answers are cached pre-serialised (with ETag and gzip): the response
 * schema describes them all the same.
 */
export const siteEndpoints = {
  siteData: endpoint({
    method: 'POST',
    path: '/api/index',
    summary: 'Site data: navigation, mall banners, statistics, footer and settings',
    access: PUBLIC,
    response: siteData,
  }),
  siteFooter: endpoint({
    method: 'GET',
    path: '/api/footer',
    summary: 'Footer links and question blocks',
    access: PUBLIC,
    response: footerData,
  }),
  siteNavigation: endpoint({
    method: 'GET',
    path: '/api/navigationmenu/:menuKey',
    summary: 'One navigation menu (two levels)',
    access: PUBLIC,
    params: menuKeyParams,
    response: navigationData,
  }),
  siteStatistics: endpoint({
    method: 'GET',
    path: '/api/pagestatisticalinfo',
    summary: 'Home statistics',
    access: PUBLIC,
    response: statisticsData,
  }),
  siteIndexBanners: endpoint({
    method: 'GET',
    path: '/api/indexbanner',
    summary: 'Site home banners',
    access: PUBLIC,
    response: indexBannerData,
  }),
  siteArticleBanners: endpoint({
    method: 'GET',
    path: '/api/articlebanner',
    summary: 'News page banners',
    access: PUBLIC,
    response: articleBannerData,
  }),
  sitePartners: endpoint({
    method: 'GET',
    path: '/api/page/web_cooperationcompany',
    summary: 'Partner companies',
    access: PUBLIC,
    response: partnerData,
  }),
  homeNotices: endpoint({
    method: 'POST',
    path: '/api/openArticle/queryHomeNotice',
    summary: 'News for the home pages: pinned first, newest first, paged',
    access: PUBLIC,
    body: homeNoticeBody,
    response: pagedOf(noticeSummary),
  }),
};

/** The product category tree (cached with the site data). */
export const catalogEndpoints = {
  categoryTree: endpoint({
    method: 'GET',
    path: '/api/product/category',
    summary: 'The visible 3-level product category tree',
    access: PUBLIC,
    response: z.array(categoryNode),
  }),
};

/** Static data (docs/product/api-envelope.md#static-data), cached by browsers for a day. The paths without /api are kept for old clients. */
export const enumEndpoints = {
  enumList: endpoint({
    method: 'GET',
    path: '/api/enums',
    summary: 'Enum definitions, all or the named ones (enumNames)',
    access: PUBLIC,
    query: enumsQuery,
    response: z.array(enumDef),
  }),
  enumListAlias: endpoint({
    method: 'GET',
    path: '/enums',
    summary: 'Same as GET /api/enums',
    access: PUBLIC,
    query: enumsQuery,
    response: z.array(enumDef),
  }),
  areaTree: endpoint({
    method: 'GET',
    path: '/api/areas',
    summary: 'The mainland province → city → district tree (GB/T 2260 codes)',
    access: PUBLIC,
    response: z.array(areaNode),
  }),
  areaTreeAlias: endpoint({
    method: 'GET',
    path: '/areas',
    summary: 'Same as GET /api/areas',
    access: PUBLIC,
    response: z.array(areaNode),
  }),
  cityTree: endpoint({
    method: 'GET',
    path: '/cities',
    summary: 'Provinces and their cities only',
    access: PUBLIC,
    response: z.array(areaNode),
  }),
};
