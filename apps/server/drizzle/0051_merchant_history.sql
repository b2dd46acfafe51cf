-- Merchant application history moves from review_events (kind 'merchant') to document_history, doc_type
-- 'merchant' (packages/shared/src/machines/merchant.ts, docs/decisions/0197-sourcing-state-tables.md). review_events
-- stays: certifications and membership orders still write there, and its merchant rows are kept as they were.
-- Applicants submit (side 2, from 未申请 0 or, after a rejection, 已驳回 2, to 待审核 1); reviewers approve or reject
-- (side 3, from 待审核 1 to 已通过 3 / 已驳回 2). Names are the ones the pages showed: the reviewer's console account,
-- the applicant's real name.
INSERT INTO "document_history" ("doc_type", "doc_id", "action", "from_status", "to_status", "side", "user_id", "user_name", "note", "created_at")
SELECT 'merchant',
  e."subject_id",
  e."action",
  CASE WHEN e."action" = 'submit' THEN
    CASE WHEN EXISTS (SELECT 1 FROM "review_events" p WHERE p."kind" = 'merchant' AND p."subject_id" = e."subject_id" AND p."action" = 'reject' AND p."id" < e."id") THEN 2 ELSE 0 END
  ELSE 1 END,
  CASE e."action" WHEN 'submit' THEN 1 WHEN 'approve' THEN 3 ELSE 2 END,
  CASE WHEN e."action" = 'submit' THEN 2 ELSE 3 END,
  e."actor_user_id",
  left(CASE WHEN e."action" = 'submit' THEN coalesce(nullif(u."real_name", ''), '申请企业')
    ELSE coalesce(nullif(u."admin_name", ''), nullif(u."real_name", ''), '平台审核员') END, 60),
  left(coalesce(e."reason", ''), 300),
  e."created_at"
FROM "review_events" e
LEFT JOIN "users" u ON u."id" = e."actor_user_id"
WHERE e."kind" = 'merchant' AND e."action" IN ('submit', 'approve', 'reject')
  AND NOT EXISTS (SELECT 1 FROM "document_history" d WHERE d."doc_type" = 'merchant' AND d."doc_id" = e."subject_id")
ORDER BY e."id";
