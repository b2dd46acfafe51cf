CREATE TABLE "tender_bid_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"bid_id" integer NOT NULL,
	"version" integer NOT NULL,
	"prices" jsonb NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"validity_days" integer NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tender_bids" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tender_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tender_lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"seq" smallint DEFAULT 0 NOT NULL,
	"name" varchar(120) NOT NULL,
	"spec" varchar(200) DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit" varchar(10) NOT NULL,
	"budget" numeric(16, 2),
	"status" smallint DEFAULT 0 NOT NULL,
	"winner_bid_id" integer,
	"win_amount" numeric(16, 2),
	"order_id" integer
);
--> statement-breakpoint
CREATE TABLE "tender_objections" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"reason" varchar(1000) NOT NULL,
	"reply" varchar(1000),
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tender_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"question" varchar(500) NOT NULL,
	"answer" varchar(1000),
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tender_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"bid_id" integer NOT NULL,
	"price_score" numeric(5, 2) NOT NULL,
	"tech_score" numeric(5, 2) NOT NULL,
	"total" numeric(5, 2) NOT NULL,
	"scored_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "category" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "budget_shown" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "min_member_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "cert_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "shop_types" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "invited_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "contact_name" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "contact_phone" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "price_weight" smallint DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "tech_weight" smallint DEFAULT 40 NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "republished_from" integer;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "amended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "opening_record" jsonb;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "publicity_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "publicity_ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tender_bid_versions" ADD CONSTRAINT "tender_bid_versions_bid_id_tender_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."tender_bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_bids" ADD CONSTRAINT "tender_bids_tender_id_bids_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_bids" ADD CONSTRAINT "tender_bids_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_invitations" ADD CONSTRAINT "tender_invitations_tender_id_bids_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_invitations" ADD CONSTRAINT "tender_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_lots" ADD CONSTRAINT "tender_lots_tender_id_bids_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_objections" ADD CONSTRAINT "tender_objections_tender_id_bids_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_objections" ADD CONSTRAINT "tender_objections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_questions" ADD CONSTRAINT "tender_questions_tender_id_bids_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_questions" ADD CONSTRAINT "tender_questions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_scores" ADD CONSTRAINT "tender_scores_tender_id_bids_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_scores" ADD CONSTRAINT "tender_scores_lot_id_tender_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."tender_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_scores" ADD CONSTRAINT "tender_scores_bid_id_tender_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."tender_bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tender_bid_versions_bid_id_version_index" ON "tender_bid_versions" USING btree ("bid_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "tender_bids_tender_id_company_id_index" ON "tender_bids" USING btree ("tender_id","company_id");--> statement-breakpoint
CREATE INDEX "tender_bids_company_id_index" ON "tender_bids" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tender_invitations_tender_id_company_id_index" ON "tender_invitations" USING btree ("tender_id","company_id");--> statement-breakpoint
CREATE INDEX "tender_invitations_company_id_index" ON "tender_invitations" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "tender_lots_tender_id_index" ON "tender_lots" USING btree ("tender_id");--> statement-breakpoint
CREATE INDEX "tender_objections_tender_id_index" ON "tender_objections" USING btree ("tender_id");--> statement-breakpoint
CREATE INDEX "tender_questions_tender_id_index" ON "tender_questions" USING btree ("tender_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tender_scores_lot_id_bid_id_index" ON "tender_scores" USING btree ("lot_id","bid_id");--> statement-breakpoint
CREATE INDEX "tender_scores_tender_id_index" ON "tender_scores" USING btree ("tender_id");--> statement-breakpoint
CREATE INDEX "bids_company_id_type_status_index" ON "bids" USING btree ("company_id","type","status");--> statement-breakpoint
CREATE INDEX "bids_tender_id_index" ON "bids" USING btree ("tender_id");