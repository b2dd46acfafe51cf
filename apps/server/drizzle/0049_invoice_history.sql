-- Invoice status history moves from the audit log (target_type 'invoice') to document_history
-- (docs/decisions/0196-finance-state-machines.md). The audit entries stay: they are the platform's audit trail.
-- Purchaser steps: request (now `create`), withdraw, confirm, dispute; supplier steps: issue, reissue, refuse, reverse.
INSERT INTO "document_history" ("doc_type", "doc_id", "action", "from_status", "to_status", "side", "user_id", "user_name", "note", "created_at")
SELECT 'invoice',
  i."id",
  CASE WHEN a."action" = 'invoice.request' THEN 'create' ELSE substr(a."action", 9) END,
  CASE WHEN a."action" = 'invoice.request' THEN NULL ELSE (a."before"->>'status')::smallint END,
  coalesce((a."after"->>'status')::smallint, i."status"),
  CASE WHEN a."action" IN ('invoice.request', 'invoice.withdraw', 'invoice.confirm', 'invoice.dispute') THEN 1 ELSE 2 END,
  a."actor_user_id",
  a."actor_name",
  left(coalesce(a."after"->>'note', ''), 300),
  a."created_at"
FROM "audit_logs" a
JOIN "invoices" i ON i."id"::text = a."target_id"
WHERE a."target_type" = 'invoice' AND a."action" LIKE 'invoice.%'
  AND NOT EXISTS (SELECT 1 FROM "document_history" d WHERE d."doc_type" = 'invoice' AND d."doc_id" = i."id")
ORDER BY a."id";
