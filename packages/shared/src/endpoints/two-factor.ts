import { z } from 'zod';
import { noData } from '../envelope.ts';
import {
  recoveryCodesResult,
  twoFactorCodeInput,
  twoFactorDevice,
  twoFactorDeviceRemoveInput,
  twoFactorDevicesRemoved,
  twoFactorDisableInput,
  twoFactorEnrolment,
  twoFactorPolicy,
  twoFactorResetInput,
  twoFactorStatus,
  twoFactorVerifyInput,
} from '../contracts/two-factor.ts';
import { loginResult } from '../contracts/identity.ts';
import { ADMIN, can, endpoint, PUBLIC, SIGNED_IN } from './endpoint.ts';
import { OWN_ONLY, probedIn } from './isolation.ts';

const manageUsers = can('user:manage');

/** Two-factor sign-in (TOTP): the second step, the caller's authenticator, and the company's policy. */
export const twoFactorEndpoints = {
  twoFactorVerify: endpoint({
    method: 'POST',
    path: '/api/appuser/2fa/verify',
    summary: 'Second step of a sign-in: an authenticator or recovery code for the pending token; starts the session',
    access: PUBLIC,
    body: twoFactorVerifyInput,
    response: loginResult,
  }),
  twoFactorStatus: endpoint({
    method: 'GET',
    path: '/api/appuser/2fa/status',
    summary: "Whether the caller's two-factor sign-in is on and whether it is required",
    access: SIGNED_IN,
    response: twoFactorStatus,
  }),
  twoFactorEnrol: endpoint({
    method: 'POST',
    path: '/api/appuser/2fa/enrol',
    summary: 'Starts (or restarts) an enrolment: a new secret with its QR code, not active until confirmed',
    access: SIGNED_IN,
    response: twoFactorEnrolment,
  }),
  twoFactorConfirm: endpoint({
    method: 'POST',
    path: '/api/appuser/2fa/confirm',
    summary: 'Confirms the enrolment with a code; answers the ten recovery codes (shown once)',
    access: SIGNED_IN,
    body: twoFactorCodeInput,
    response: recoveryCodesResult,
  }),
  twoFactorDisable: endpoint({
    method: 'POST',
    path: '/api/appuser/2fa/disable',
    summary: 'Turns two-factor sign-in off (a current code or the password); refused when required',
    access: SIGNED_IN,
    body: twoFactorDisableInput,
    response: noData,
  }),
  twoFactorRecoveryCodes: endpoint({
    method: 'POST',
    path: '/api/appuser/2fa/recoverycodes',
    summary: 'Replaces the recovery codes (a current code); answers the new ones (shown once)',
    access: SIGNED_IN,
    body: twoFactorCodeInput,
    response: recoveryCodesResult,
  }),
  twoFactorDevices: endpoint({
    method: 'GET',
    path: '/api/appuser/2fa/devices',
    summary: "The caller's remembered devices (记住此设备 30 天), this browser's marked",
    access: SIGNED_IN,
    response: z.array(twoFactorDevice),
  }),
  twoFactorDeviceRemove: endpoint({
    method: 'POST',
    path: '/api/appuser/2fa/devices/remove',
    summary: "Removes one of the caller's remembered devices (it asks for the second step again)",
    access: SIGNED_IN,
    body: twoFactorDeviceRemoveInput,
    response: twoFactorDevicesRemoved,
  }),
  twoFactorDevicesRemoveAll: endpoint({
    method: 'POST',
    path: '/api/appuser/2fa/devices/removeall',
    summary: "Removes all of the caller's remembered devices",
    access: SIGNED_IN,
    response: twoFactorDevicesRemoved,
  }),
  twoFactorPolicy: endpoint({
    method: 'GET',
    path: '/api/user/2fa/policy',
    summary: 'Whether the company requires two-factor sign-in of all its users',
    access: manageUsers,
    response: twoFactorPolicy,
    isolation: OWN_ONLY,
  }),
  twoFactorPolicySave: endpoint({
    method: 'POST',
    path: '/api/user/2fa/policy',
    summary: 'Requires (or stops requiring) two-factor sign-in of all the users of the company',
    access: manageUsers,
    body: twoFactorPolicy,
    response: twoFactorPolicy,
    isolation: OWN_ONLY,
  }),
  twoFactorReset: endpoint({
    method: 'POST',
    path: '/api/user/2fa/reset',
    summary: "Resets a user's two-factor sign-in (a user of the caller's company; they enrol again)",
    access: manageUsers,
    body: twoFactorResetInput,
    response: noData,
    isolation: probedIn('modules/auth/two-factor.test.ts'),
  }),
  adminTwoFactorReset: endpoint({
    method: 'POST',
    path: '/admin/api/user/2fa/reset',
    summary: "Resets any user's two-factor sign-in",
    access: ADMIN,
    body: twoFactorResetInput,
    response: noData,
  }),
};

