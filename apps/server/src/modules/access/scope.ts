import { and, eq, isNull, or } from 'drizzle-orm';
import { roles } from '../../db/schema/index.ts';
import type { AuthContext } from '../auth/index.ts';

/** The roles valid for a company: its own roles and the presets of its type. */
export function ownRolesCondition(auth: Pick<AuthContext, 'companyId' | 'companyType'>) {
  return or(
    eq(roles.companyId, auth.companyId ?? -1),
    and(isNull(roles.companyId), eq(roles.companyType, auth.companyType ?? -1)),
  );
}
