-- Orders move their history onto document_history (docs/decisions/0195-trade-state-machines.md): the rows of
-- order_history are copied once, oldest first, so the detail pages read one table. order_history stays, unused.
INSERT INTO "document_history" ("doc_type", "doc_id", "action", "from_status", "to_status", "side", "user_id", "user_name", "note", "created_at")
SELECT 'order', "order_id", "action", "from_status", "to_status", "side", "user_id", "user_name", "note", "created_at"
FROM "order_history"
ORDER BY "id";
