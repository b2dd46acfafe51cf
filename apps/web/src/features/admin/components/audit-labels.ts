import { AUDIT_ACTIONS, AUDIT_TARGETS, auditActionName, auditTargetName } from '@aquamall/shared';

/** Chinese names of the audit log's actions and targets: the shared catalogue (packages/shared/src/audit-actions.ts). */
export { AUDIT_ACTIONS, AUDIT_TARGETS };
export const actionLabel = auditActionName;
export const targetLabel = auditTargetName;
export const toOptions = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
