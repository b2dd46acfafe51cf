import {
  importJobIdQuery,
  importJobView,
  productImportQuery,
  XLSX_MIME,
} from '../contracts/catalogue-import.ts';
import { can, endpoint, raw } from './endpoint.ts';
import { CREATES, OWN_ONLY, exempt } from './isolation.ts';

const editProducts = can('product:edit');

/**
 * Excel import of products (/customer/product, toolbar 导入): the template, the upload (which records a job the
 * server works through at once), the job's progress and the copy of a refused file marked with each row's error.
 */
export const productImportEndpoints = {
  productImportTemplate: endpoint({
    method: 'GET',
    path: '/api/myproduct/import/template/download',
    summary: 'The import template: one row per SKU, an instructions sheet and the category codes',
    access: editProducts,
    response: raw(XLSX_MIME),
    isolation: exempt('a blank template file'),
  }),
  productImportUpload: endpoint({
    method: 'POST',
    path: '/api/myproduct/import',
    summary:
      'Upload a filled template (multipart field `file`, .xlsx ≤ 5 MB): records an import job and starts it',
    access: editProducts,
    query: productImportQuery,
    response: importJobView,
    isolation: CREATES,
  }),
  productImportStatus: endpoint({
    method: 'GET',
    path: '/api/myproduct/import/status',
    summary: "An import job of the caller's company: status and progress",
    access: editProducts,
    query: importJobIdQuery,
    response: importJobView,
    isolation: OWN_ONLY,
  }),
  productImportErrors: endpoint({
    method: 'GET',
    path: '/api/myproduct/import/errors/download',
    summary: 'The refused file with an error column (red cells) on each row that has a problem',
    access: editProducts,
    query: importJobIdQuery,
    response: raw(XLSX_MIME),
    isolation: OWN_ONLY,
  }),
};
