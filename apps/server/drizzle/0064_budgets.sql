CREATE TABLE "budget_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"budget_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"order_id" integer,
	"order_no" varchar(32) DEFAULT '' NOT NULL,
	"rma_id" integer,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_by_name" varchar(60) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "budget_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"over_mode" smallint DEFAULT 0 NOT NULL,
	"rule_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "budgets" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"department_id" integer,
	"user_id" integer,
	"period_key" varchar(8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD COLUMN "kind" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD COLUMN "award" jsonb;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD COLUMN "over_budget" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "budget_entries" ADD CONSTRAINT "budget_entries_budget_id_budgets_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."budgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_settings" ADD CONSTRAINT "budget_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "budget_entries_budget_id_created_at_index" ON "budget_entries" USING btree ("budget_id","created_at");--> statement-breakpoint
CREATE INDEX "budget_entries_order_id_index" ON "budget_entries" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "budget_entries_consume_uq" ON "budget_entries" USING btree ("budget_id","order_id") WHERE "budget_entries"."kind" = 2;--> statement-breakpoint
CREATE UNIQUE INDEX "budgets_target_period_uq" ON "budgets" USING btree ("company_id",coalesce("department_id", 0),coalesce("user_id", 0),"period_key");--> statement-breakpoint
CREATE INDEX "budgets_company_id_period_key_index" ON "budgets" USING btree ("company_id","period_key");