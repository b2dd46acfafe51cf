import {
  apiKeyIdInput,
  apiKeyInput,
  apiKeyListQuery,
  apiKeyRow,
  apiKeySecret,
  openApiStatus,
  webhookCreated,
  webhookDeliveryQuery,
  webhookDeliveryRow,
  webhookInput,
  webhookRow,
} from '../contracts/openapi.ts';
import { noData, pagedOf } from '../envelope.ts';
import { can, endpoint } from './endpoint.ts';
import { CREATES, OWN_ONLY, probedIn } from './isolation.ts';

/** The open platform is the company administrator's (the use cases refuse other members too). */
const admin = can('company:manage');
const PROBE = probedIn('modules/openapi/openapi.test.ts');

/** Open platform (开放平台): API keys and webhooks of the caller's company (docs/product/open-platform.md). */
export const openApiEndpoints = {
  openApiStatus: endpoint({
    method: 'GET',
    path: '/api/openapi/status',
    summary: 'Whether the open platform is configured on this server, and whether the caller administers it',
    access: admin,
    response: openApiStatus,
    isolation: OWN_ONLY,
  }),
  apiKeyList: endpoint({
    method: 'POST',
    path: '/api/openapi/key/list',
    summary: "The company's API keys, newest first (secrets are never shown again)",
    access: admin,
    body: apiKeyListQuery,
    response: pagedOf(apiKeyRow),
    isolation: OWN_ONLY,
  }),
  apiKeyCreate: endpoint({
    method: 'POST',
    path: '/api/openapi/key/create',
    summary: 'Create an API key with scopes; the answer holds its secret, shown this once',
    access: admin,
    body: apiKeyInput,
    response: apiKeySecret,
    isolation: CREATES,
  }),
  apiKeyRotate: endpoint({
    method: 'POST',
    path: '/api/openapi/key/rotate',
    summary: 'Give a key a new secret (the old one stops working at once); the answer holds the new secret',
    access: admin,
    body: apiKeyIdInput,
    response: apiKeySecret,
    isolation: PROBE,
  }),
  apiKeyRevoke: endpoint({
    method: 'POST',
    path: '/api/openapi/key/revoke',
    summary: 'Revoke a key: every instance refuses it from the next call',
    access: admin,
    body: apiKeyIdInput,
    response: noData,
    isolation: PROBE,
  }),
  webhookList: endpoint({
    method: 'POST',
    path: '/api/openapi/webhook/list',
    summary: "The company's webhook endpoints",
    access: admin,
    body: apiKeyListQuery,
    response: pagedOf(webhookRow),
    isolation: OWN_ONLY,
  }),
  webhookCreate: endpoint({
    method: 'POST',
    path: '/api/openapi/webhook/create',
    summary: 'Register an HTTPS endpoint for events; the answer holds its signing secret, shown this once',
    access: admin,
    body: webhookInput,
    response: webhookCreated,
    isolation: CREATES,
  }),
  webhookEnable: endpoint({
    method: 'POST',
    path: '/api/openapi/webhook/enable',
    summary: 'Enable a webhook endpoint again (after it was disabled for failing)',
    access: admin,
    body: apiKeyIdInput,
    response: noData,
    isolation: PROBE,
  }),
  webhookDelete: endpoint({
    method: 'POST',
    path: '/api/openapi/webhook/delete',
    summary: 'Delete a webhook endpoint (its pending deliveries are dropped)',
    access: admin,
    body: apiKeyIdInput,
    response: noData,
    isolation: PROBE,
  }),
  webhookDeliveries: endpoint({
    method: 'POST',
    path: '/api/openapi/webhook/deliveries',
    summary: 'The delivery log: events sent to the company’s endpoints with attempts and response codes',
    access: admin,
    body: webhookDeliveryQuery,
    response: pagedOf(webhookDeliveryRow),
    isolation: PROBE,
  }),
  webhookRedeliver: endpoint({
    method: 'POST',
    path: '/api/openapi/webhook/redeliver',
    summary: 'Send one delivery again now (also one that was given up)',
    access: admin,
    body: apiKeyIdInput,
    response: noData,
    isolation: PROBE,
  }),
};
