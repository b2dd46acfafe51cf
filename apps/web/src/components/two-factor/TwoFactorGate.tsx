import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { twoFactorStatusQuery } from './api.ts';

export const SETUP_PATH = '/sso/twoFactor';

/**
 * Leads a user who must use two-factor sign-in (platform administrators; users of a company that requires it)
 * and has not set it up to the enrolment page first. The server refuses their workbench and console calls
 * anyway; this only spares them the errors.
 */
export function TwoFactorGate({ children }: { children: ReactNode }) {
  const location = useLocation();
  const status = useQuery({ ...twoFactorStatusQuery, staleTime: 60_000 });
  if (status.data?.required && !status.data.enabled) {
    const returnUrl = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`${SETUP_PATH}?returnUrl=${returnUrl}`} replace />;
  }
  return <>{children}</>;
}
