import { queryOptions } from '@tanstack/react-query';
import { api, type InputOf } from '../../lib/api.ts';

/** Two-factor sign-in calls (TOTP). */
export const twoFactorApi = {
  verify: (body: InputOf<'twoFactorVerify'>) => api.run('twoFactorVerify', body),
  enrol: () => api.read('twoFactorEnrol'),
  confirm: (code: string) => api.run('twoFactorConfirm', { code }),
  disable: (body: InputOf<'twoFactorDisable'>) => api.run('twoFactorDisable', body),
  regenerate: (code: string) => api.run('twoFactorRecoveryCodes', { code }),
  savePolicy: (enforce: boolean) => api.run('twoFactorPolicySave', { enforce }),
  reset: (userId: number) => api.run('twoFactorReset', { userId }),
  removeDevice: (id: number) => api.run('twoFactorDeviceRemove', { id }),
  removeAllDevices: () => api.run('twoFactorDevicesRemoveAll'),
};

export const twoFactorStatusQuery = queryOptions({
  queryKey: ['appuser', '2fa', 'status'],
  queryFn: () => api.read('twoFactorStatus'),
});

export const twoFactorPolicyQuery = queryOptions({
  queryKey: ['user', '2fa', 'policy'],
  queryFn: () => api.read('twoFactorPolicy'),
});

/** The caller's remembered devices (记住此设备), this browser's marked. */
export const twoFactorDevicesQuery = queryOptions({
  queryKey: ['appuser', '2fa', 'devices'],
  queryFn: () => api.read('twoFactorDevices'),
});
