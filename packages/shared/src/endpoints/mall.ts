import { z } from 'zod';
import {
  articleCategory,
  articleDetail,
  articleListItem,
  articleQuery,
  bidDetail,
  bidListItem,
  bidQuery,
  companyOpenInfo,
  enquiryDetail,
  enquiryListItem,
  enquiryQuery,
  goodsDetail,
  goodsPage,
  goodsQuery,
  idParam,
  purchaserItem,
  purchaserQuery,
  shopCategory,
  shopFloor,
  shopInfo,
  shopListItem,
  shopQuery,
} from '../contracts/mall.ts';
import { pagedOf } from '../envelope.ts';
import { endpoint, PUBLIC } from './endpoint.ts';

/** Public goods (mall routes: docs/product/mall.md#mall-routes): the list with Chinese search and the detail page. */
export const goodsEndpoints = {
  goodsQuery: endpoint({
    method: 'POST',
    path: '/api/product/query',
    summary: 'Goods on sale: keyword, category, price, supplier, area, sort, paged (goodsList, goodsSearch, shop search)',
    access: PUBLIC,
    body: goodsQuery,
    response: goodsPage,
  }),
  goodsDetail: endpoint({
    method: 'GET',
    path: '/api/product/:id',
    summary: 'One product on sale with its shop card and related goods',
    access: PUBLIC,
    params: idParam,
    response: goodsDetail,
  }),
};

/** Public supplier shops and purchaser companies. */
export const shopEndpoints = {
  shopList: endpoint({
    method: 'POST',
    path: '/api/querycompanystore',
    summary: 'Open supplier shops by name, paged, each with a few products',
    access: PUBLIC,
    body: shopQuery,
    response: pagedOf(shopListItem),
  }),
  purchaserList: endpoint({
    method: 'POST',
    path: '/api/purchaser/query',
    summary: 'Purchaser companies with public facts only, paged',
    access: PUBLIC,
    body: purchaserQuery,
    response: pagedOf(purchaserItem),
  }),
  shopInfo: endpoint({
    method: 'GET',
    path: '/api/companystoreinfo/:id',
    summary: "A shop's home data (contact phone masked)",
    access: PUBLIC,
    params: idParam,
    response: shopInfo,
  }),
  shopCompanyInfo: endpoint({
    method: 'GET',
    path: '/api/queryCompanyOpenInfo/:id',
    summary: "The public facts of a shop's company (credit code masked)",
    access: PUBLIC,
    params: idParam,
    response: companyOpenInfo,
  }),
  shopFloors: endpoint({
    method: 'GET',
    path: '/api/queryFloorData/:id',
    summary: "A shop's product floors",
    access: PUBLIC,
    params: idParam,
    response: z.array(shopFloor),
  }),
  shopCategories: endpoint({
    method: 'GET',
    path: '/api/companystore/categories/:id',
    summary: "The categories of a shop's goods with counts",
    access: PUBLIC,
    params: idParam,
    response: z.array(shopCategory),
  }),
};

/** Public purchaser enquiries. */
export const openEnquiryEndpoints = {
  openEnquiryList: endpoint({
    method: 'POST',
    path: '/api/openEnquiry/query',
    summary: 'Published purchaser enquiries, paged',
    access: PUBLIC,
    body: enquiryQuery,
    response: pagedOf(enquiryListItem),
  }),
  openEnquiryDetail: endpoint({
    method: 'GET',
    path: '/api/openEnquiry/:id',
    summary: 'One published enquiry (contact phone masked)',
    access: PUBLIC,
    params: idParam,
    response: enquiryDetail,
  }),
};

/** Public news. */
export const articleEndpoints = {
  articleList: endpoint({
    method: 'POST',
    path: '/api/openArticle/query',
    summary: 'Published news by title and category, paged',
    access: PUBLIC,
    body: articleQuery,
    response: pagedOf(articleListItem),
  }),
  articleCategories: endpoint({
    method: 'GET',
    path: '/api/openArticle/categories',
    summary: 'News categories with their article counts',
    access: PUBLIC,
    response: z.array(articleCategory),
  }),
  articleDetail: endpoint({
    method: 'GET',
    path: '/api/openArticle/:id',
    summary: 'One article (sanitised HTML) with its neighbours; counts a view',
    access: PUBLIC,
    params: idParam,
    response: articleDetail,
  }),
};

/** Public tenders and winning-bid notices. */
export const bidEndpoints = {
  bidTenders: endpoint({
    method: 'POST',
    path: '/api/openbid/querBid',
    summary: 'Tender notices (type defaults to tenders), paged',
    access: PUBLIC,
    body: bidQuery,
    response: pagedOf(bidListItem),
  }),
  bidResults: endpoint({
    method: 'POST',
    path: '/api/openbid/queryBidList',
    summary: 'Winning-bid notices (type defaults to results), paged',
    access: PUBLIC,
    body: bidQuery,
    response: pagedOf(bidListItem),
  }),
  bidDetail: endpoint({
    method: 'GET',
    path: '/api/openbid/:id',
    summary: 'One tender or result notice with its attachments and linked notice',
    access: PUBLIC,
    params: idParam,
    response: bidDetail,
  }),
};
