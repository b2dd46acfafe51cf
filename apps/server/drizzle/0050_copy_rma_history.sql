-- After-sales requests move their history onto document_history (docs/decisions/0195-trade-state-machines.md): the
-- rows of rma_history are copied once, oldest first, so the detail page reads one table. rma_history stays, unused.
INSERT INTO "document_history" ("doc_type", "doc_id", "action", "from_status", "to_status", "side", "user_id", "user_name", "note", "created_at")
SELECT 'rma', "rma_id", "action", "from_status", "to_status", "side", "user_id", "user_name", "note", "created_at"
FROM "rma_history"
ORDER BY "id";
