ALTER TABLE "files" ADD COLUMN "private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Files already taken by private records, and every upload of the document folders, become private documents.
UPDATE "files" SET "private" = true
WHERE "path" ~ '^u/(order|invoice|bid|enquiry|contract|company|cert)/'
  OR "path" IN (
    SELECT jsonb_array_elements_text("proof_files") FROM "order_payments"
    UNION SELECT jsonb_array_elements_text("photos") FROM "rmas"
    UNION SELECT e->>'path' FROM "credit_requests", jsonb_array_elements("proof_files") e
    UNION SELECT e->>'path' FROM "invoices", jsonb_array_elements("files") e
    UNION SELECT e->>'path' FROM "enquiries", jsonb_array_elements("attachments") e
    UNION SELECT e->>'path' FROM "quotations", jsonb_array_elements("attachments") e
    UNION SELECT e->>'path' FROM "quotation_versions", jsonb_array_elements("attachments") e
    UNION SELECT e->>'path' FROM "quotation_messages", jsonb_array_elements("attachments") e
    UNION SELECT e->>'path' FROM "bids", jsonb_array_elements("attachments") e
    UNION SELECT e->>'path' FROM "tender_bid_versions", jsonb_array_elements("documents") e
    UNION SELECT "license_image" FROM "certifications"
    UNION SELECT jsonb_array_elements_text(d.value) FROM "merchant_applications", jsonb_each("documents") d WHERE jsonb_typeof(d.value) = 'array'
  );
