CREATE TABLE "document_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"doc_type" varchar(20) NOT NULL,
	"doc_id" integer NOT NULL,
	"action" varchar(30) NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"side" smallint NOT NULL,
	"user_id" integer,
	"user_name" varchar(60) DEFAULT '' NOT NULL,
	"note" varchar(300) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "document_history_doc_idx" ON "document_history" USING btree ("doc_type","doc_id","id");