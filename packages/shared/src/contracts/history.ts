import { z } from 'zod';

/**
 * One status change of a document (document_history, docs/decisions/0194), oldest first. The web labels `action`
 * and the statuses from the document's state table (packages/shared/src/machines/).
 */
export const documentHistoryView = z.object({
  action: z.string(),
  fromStatus: z.number().int().nullable(),
  toStatus: z.number().int(),
  userName: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export type DocumentHistoryView = z.infer<typeof documentHistoryView>;
