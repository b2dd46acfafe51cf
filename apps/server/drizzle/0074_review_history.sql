-- One history mechanism (issue 27): the reviews still kept in review_events — enterprise certifications (kind
-- 'certification') and membership orders (kind 'member_upgrade') — move to document_history under the same doc
-- types, like the merchant applications did in 0051 (whose review_events rows are already copied and are not
-- copied again). Then review_events is dropped; nothing reads or writes it any more
-- (docs/decisions/0231-review-history-in-document-history.md).
-- Then product_discussions gets the spec of the order line a review is about, copied from the line, so the goods
-- pages list reviews without reading the orders' table (docs/decisions/0232-party-checks-behind-faces.md).
--
-- Certification (CertStatus 0 未认证, 1 审核中, 2 已认证, 3 未通过): the applicant submits (from 0, or from 3 after a
-- rejection or a failed real-name check, to 1) or fails the real-name check (to 3), and signs the service agreement
-- once certified (2 to 2); the platform approves (1 to 2) or rejects (1 to 3).
-- Membership order (0 待确认, 1 已确认, 2 已拒绝): the platform confirms (0 to 1) or refuses (0 to 2).
-- Applicant steps are side 2 named by the user's real name, platform decisions side 3 named by the console
-- account: the names the pages showed. The snapshot column (the submitted form with the ID number masked, the
-- partner's reference) is not carried over: the certification row keeps the form, and no page read it.
INSERT INTO "document_history" ("doc_type", "doc_id", "action", "from_status", "to_status", "side", "user_id", "user_name", "note", "created_at")
SELECT e."kind",
  e."subject_id",
  e."action",
  CASE
    WHEN e."kind" = 'member_upgrade' THEN 0
    WHEN e."action" IN ('submit', 'verify_fail') THEN
      CASE WHEN EXISTS (SELECT 1 FROM "review_events" p WHERE p."kind" = e."kind" AND p."subject_id" = e."subject_id"
        AND p."action" IN ('reject', 'verify_fail') AND p."id" < e."id") THEN 3 ELSE 0 END
    WHEN e."action" = 'sign' THEN 2
    ELSE 1 END,
  CASE
    WHEN e."kind" = 'member_upgrade' THEN CASE e."action" WHEN 'approve' THEN 1 ELSE 2 END
    ELSE CASE e."action" WHEN 'submit' THEN 1 WHEN 'approve' THEN 2 WHEN 'sign' THEN 2 ELSE 3 END
  END,
  CASE WHEN e."action" IN ('submit', 'verify_fail', 'sign') THEN 2 ELSE 3 END,
  e."actor_user_id",
  left(CASE WHEN e."action" IN ('submit', 'verify_fail', 'sign') THEN coalesce(nullif(u."real_name", ''), '申请企业')
    ELSE coalesce(nullif(u."admin_name", ''), nullif(u."real_name", ''), '平台审核员') END, 60),
  left(coalesce(e."reason", ''), 300),
  e."created_at"
FROM "review_events" e
LEFT JOIN "users" u ON u."id" = e."actor_user_id"
WHERE e."kind" IN ('certification', 'member_upgrade')
  AND e."action" IN ('submit', 'verify_fail', 'sign', 'approve', 'reject')
ORDER BY e."id";--> statement-breakpoint
DROP TABLE "review_events" CASCADE;--> statement-breakpoint
ALTER TABLE "product_discussions" ADD COLUMN "spec" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "product_discussions" d SET "spec" = l."spec" FROM "order_lines" l WHERE l."id" = d."order_line_id" AND l."spec" <> '';
