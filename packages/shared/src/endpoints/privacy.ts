import { z } from 'zod';
import {
  adminPrivacyIdInput,
  adminPrivacyListQuery,
  adminPrivacyRefuseInput,
  adminPrivacyRow,
  privacyDeleteInput,
  privacyIdParam,
  privacyRequestView,
} from '../contracts/privacy.ts';
import { pagedOf } from '../envelope.ts';
import { ADMIN, endpoint, raw, SIGNED_IN } from './endpoint.ts';

/** The signed-in user's personal-data rights (PIPL, decision 0151): export, deletion, their requests. */
export const privacyEndpoints = {
  privacyRequests: endpoint({
    method: 'GET',
    path: '/api/privacy/requests',
    summary: "The caller's personal-data requests, latest first",
    access: SIGNED_IN,
    response: z.array(privacyRequestView),
  }),
  privacyExport: endpoint({
    method: 'POST',
    path: '/api/privacy/export',
    summary: 'Requests an archive (JSON + Excel in a ZIP) of everything held about the caller',
    access: SIGNED_IN,
    response: privacyRequestView,
  }),
  privacyDownload: endpoint({
    method: 'GET',
    path: '/api/privacy/download/:id',
    summary: "Downloads one of the caller's export archives (7 days after it was built)",
    access: SIGNED_IN,
    params: privacyIdParam,
    response: raw('application/zip'),
  }),
  privacyDelete: endpoint({
    method: 'POST',
    path: '/api/privacy/delete',
    summary: "Requests deletion of the caller's account (password or an SMS code to the account's phone); the platform carries it out",
    access: SIGNED_IN,
    body: privacyDeleteInput,
    response: privacyRequestView,
  }),
};

/** Console: every personal-data request against its 10-day deadline. */
export const adminPrivacyEndpoints = {
  adminPrivacyList: endpoint({
    method: 'POST',
    path: '/admin/api/privacy/list',
    summary: 'Personal-data requests, nearest deadline first, filtered by kind, status, overdue',
    access: ADMIN,
    body: adminPrivacyListQuery,
    response: pagedOf(adminPrivacyRow),
  }),
  adminPrivacyExecute: endpoint({
    method: 'POST',
    path: '/admin/api/privacy/execute',
    summary: 'Carries out a pending request (deletion: anonymises the person; export: builds the archive)',
    access: ADMIN,
    body: adminPrivacyIdInput,
    response: adminPrivacyRow,
  }),
  adminPrivacyRefuse: endpoint({
    method: 'POST',
    path: '/admin/api/privacy/refuse',
    summary: 'Refuses a pending request with a reason the user sees',
    access: ADMIN,
    body: adminPrivacyRefuseInput,
    response: adminPrivacyRow,
  }),
};
