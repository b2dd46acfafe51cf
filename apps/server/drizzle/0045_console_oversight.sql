CREATE TABLE "rma_disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"rma_id" integer NOT NULL,
	"raised_by_side" smallint NOT NULL,
	"raised_by_company_id" integer NOT NULL,
	"raised_by_user_id" integer,
	"reason" varchar(300) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"decision_reason" varchar(300),
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rma_disputes_rmaId_unique" UNIQUE("rma_id")
);
--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "taken_down_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "takedown_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "taken_down_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "takedown_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "user_agent" varchar(300) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "rma_disputes" ADD CONSTRAINT "rma_disputes_rma_id_rmas_id_fk" FOREIGN KEY ("rma_id") REFERENCES "public"."rmas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rma_disputes_status_created_at_index" ON "rma_disputes" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_company_id_created_at_index" ON "audit_logs" USING btree ("company_id","created_at");