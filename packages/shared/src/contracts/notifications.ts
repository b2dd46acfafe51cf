import { z } from 'zod';
import { pageQuery, recordId, wireTimestamp } from '../envelope.ts';

/** The workbench inbox: messages to a company (DESIGN §3: every state change notifies the company). */
export const messageListQuery = pageQuery.extend({ unread: z.enum(['0', '1']).optional() });
export type MessageListQuery = z.infer<typeof messageListQuery>;
export const messageRow = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  userId: z.number().int().nullable(),
  type: z.string(),
  title: z.string(),
  content: z.string(),
  linkPath: z.string(),
  readAt: wireTimestamp.nullable(),
  createdAt: wireTimestamp,
});
export type MessageRow = z.infer<typeof messageRow>;
export const messageReadInput = z.object({ ids: z.array(recordId).max(200).optional(), all: z.boolean().optional() });
