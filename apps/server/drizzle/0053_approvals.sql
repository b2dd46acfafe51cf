CREATE TABLE "approval_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(40) NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"min_amount" numeric(14, 2) NOT NULL,
	"category_id" integer,
	"seller_company_id" integer,
	"department_id" integer,
	"role_id" integer,
	"steps" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "department_members" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"department_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"head_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_request_approvers" (
	"request_id" integer NOT NULL,
	"step" smallint NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "purchase_request_approvers_request_id_step_user_id_pk" PRIMARY KEY("request_id","step","user_id")
);
--> statement-breakpoint
CREATE TABLE "purchase_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"request_no" varchar(32) NOT NULL,
	"requester_user_id" integer NOT NULL,
	"requester_name" varchar(50) NOT NULL,
	"department_id" integer,
	"rule_id" integer,
	"rule_name" varchar(40) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"lines" jsonb NOT NULL,
	"address" jsonb NOT NULL,
	"invoice" jsonb NOT NULL,
	"remarks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"steps" jsonb NOT NULL,
	"current_step" smallint DEFAULT 0 NOT NULL,
	"reason" varchar(300) DEFAULT '' NOT NULL,
	"order_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_requests_requestNo_unique" UNIQUE("request_no")
);
--> statement-breakpoint
ALTER TABLE "approval_rules" ADD CONSTRAINT "approval_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_rules" ADD CONSTRAINT "approval_rules_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_members" ADD CONSTRAINT "department_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_members" ADD CONSTRAINT "department_members_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_head_user_id_users_id_fk" FOREIGN KEY ("head_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_request_approvers" ADD CONSTRAINT "purchase_request_approvers_request_id_purchase_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."purchase_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_request_approvers" ADD CONSTRAINT "purchase_request_approvers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_requester_user_id_users_id_fk" FOREIGN KEY ("requester_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_rules_company_id_priority_index" ON "approval_rules" USING btree ("company_id","priority");--> statement-breakpoint
CREATE INDEX "department_members_department_id_index" ON "department_members" USING btree ("department_id");--> statement-breakpoint
CREATE UNIQUE INDEX "departments_company_name_uq" ON "departments" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "purchase_request_approvers_user_id_index" ON "purchase_request_approvers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "purchase_requests_company_id_status_index" ON "purchase_requests" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "purchase_requests_requester_user_id_index" ON "purchase_requests" USING btree ("requester_user_id");