CREATE TABLE "product_discussions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" smallint NOT NULL,
	"product_id" integer NOT NULL,
	"seller_company_id" integer NOT NULL,
	"author_user_id" integer NOT NULL,
	"author_company_id" integer,
	"order_line_id" integer,
	"rating" smallint,
	"content" varchar(500) NOT NULL,
	"reply" varchar(500),
	"replied_by" integer,
	"replied_at" timestamp with time zone,
	"hidden" boolean DEFAULT false NOT NULL,
	"hidden_reason" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_discussions_kind" CHECK (("product_discussions"."kind" = 1 and "product_discussions"."rating" between 1 and 5 and "product_discussions"."order_line_id" is not null and "product_discussions"."author_company_id" is not null) or ("product_discussions"."kind" = 2 and "product_discussions"."rating" is null))
);
--> statement-breakpoint
CREATE TABLE "product_import_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"submit" boolean DEFAULT false NOT NULL,
	"file_name" varchar(200) DEFAULT '' NOT NULL,
	"upload_path" varchar(300) NOT NULL,
	"result_path" varchar(300),
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"error_rows" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"message" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "product_discussions" ADD CONSTRAINT "product_discussions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_import_jobs" ADD CONSTRAINT "product_import_jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_discussions_one_review" ON "product_discussions" USING btree ("author_company_id","order_line_id") WHERE kind = 1;--> statement-breakpoint
CREATE INDEX "product_discussions_product_id_kind_created_at_index" ON "product_discussions" USING btree ("product_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "product_discussions_seller_company_id_created_at_index" ON "product_discussions" USING btree ("seller_company_id","created_at");--> statement-breakpoint
CREATE INDEX "product_import_jobs_company_id_id_index" ON "product_import_jobs" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "product_import_jobs_unfinished" ON "product_import_jobs" USING btree ("status") WHERE status < 3;--> statement-breakpoint
CREATE INDEX "product_skus_company_code_lower" ON "product_skus" USING btree ("company_id",lower("code") text_pattern_ops);