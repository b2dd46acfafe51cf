CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"type" smallint NOT NULL,
	"credit_code" varchar(18),
	"legal_person" varchar(50),
	"contact_name" varchar(50),
	"contact_phone" varchar(20),
	"province_code" integer,
	"city_code" integer,
	"district_code" integer,
	"area_name" varchar(100),
	"address" varchar(200),
	"logo" varchar(300) DEFAULT '' NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"main_business" varchar(300) DEFAULT '' NOT NULL,
	"member_level" smallint DEFAULT 0 NOT NULL,
	"is_member_vail" smallint DEFAULT 0 NOT NULL,
	"cert_status" smallint DEFAULT 0 NOT NULL,
	"merchant_status" smallint DEFAULT 0 NOT NULL,
	"shop_name" varchar(100),
	"shop_type" smallint,
	"shop_banner" varchar(300) DEFAULT '' NOT NULL,
	"shop_open" boolean DEFAULT false NOT NULL,
	"shop_floors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"phone" varchar(20) NOT NULL,
	"email" varchar(120),
	"password_hash" text NOT NULL,
	"real_name" varchar(50) DEFAULT '' NOT NULL,
	"nick_name" varchar(50) DEFAULT '' NOT NULL,
	"gender" smallint,
	"avatar" varchar(300) DEFAULT '' NOT NULL,
	"is_company_admin" boolean DEFAULT false NOT NULL,
	"is_platform_admin" boolean DEFAULT false NOT NULL,
	"admin_name" varchar(40),
	"disabled" boolean DEFAULT false NOT NULL,
	"wechat_open_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_phone_unique" UNIQUE("phone"),
	CONSTRAINT "users_adminName_unique" UNIQUE("admin_name"),
	CONSTRAINT "users_wechatOpenId_unique" UNIQUE("wechat_open_id")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" varchar(50) NOT NULL,
	"category_code" varchar(20) NOT NULL,
	"level" smallint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"default_image" varchar(300),
	"hidden" boolean DEFAULT false NOT NULL,
	CONSTRAINT "categories_categoryCode_unique" UNIQUE("category_code")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" varchar(300) NOT NULL,
	"original_name" varchar(200) DEFAULT '' NOT NULL,
	"mime" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"company_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_path_unique" UNIQUE("path")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"category_code" varchar(20) NOT NULL,
	"name" varchar(120) NOT NULL,
	"brand" varchar(60) DEFAULT '' NOT NULL,
	"model" varchar(60) DEFAULT '' NOT NULL,
	"spec" varchar(200) DEFAULT '' NOT NULL,
	"unit" varchar(10) DEFAULT '件' NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"price_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"min_order" integer DEFAULT 1 NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_image" varchar(300) DEFAULT '' NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"is_poverty_relief" boolean DEFAULT false NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"origin_province_code" integer,
	"origin_city_code" integer,
	"origin_name" varchar(60) DEFAULT '' NOT NULL,
	"taken_down_reason" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_code" varchar(40) NOT NULL,
	"category_name" varchar(40) NOT NULL,
	"title" varchar(150) NOT NULL,
	"summary" varchar(500) DEFAULT '' NOT NULL,
	"cover" varchar(300) DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"author" varchar(50) DEFAULT '' NOT NULL,
	"source" varchar(100) DEFAULT '' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"is_top" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" varchar(40) NOT NULL,
	"title" varchar(100) NOT NULL,
	"img_url" varchar(300) NOT NULL,
	"link_url" varchar(300) DEFAULT '' NOT NULL,
	"target" varchar(20) DEFAULT '_self' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"img_url" varchar(300) NOT NULL,
	"link_url" varchar(300) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu_key" varchar(40) NOT NULL,
	"parent_id" integer,
	"title" varchar(60) NOT NULL,
	"link_url" varchar(300) DEFAULT '' NOT NULL,
	"target" varchar(20) DEFAULT '_self' NOT NULL,
	"parameters" varchar(300) DEFAULT '' NOT NULL,
	"title_img" varchar(300) DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" varchar(60) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bids" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"type" smallint NOT NULL,
	"code" varchar(40) NOT NULL,
	"title" varchar(150) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"purchaser_name" varchar(100) DEFAULT '' NOT NULL,
	"budget" numeric(16, 2),
	"area_name" varchar(100) DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deadline" timestamp with time zone,
	"open_at" timestamp with time zone,
	"winner_name" varchar(100),
	"win_amount" numeric(16, 2),
	"tender_id" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" varchar(32) NOT NULL,
	"title" varchar(120) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"delivery_province_code" integer,
	"delivery_city_code" integer,
	"delivery_district_code" integer,
	"delivery_area_name" varchar(100) DEFAULT '' NOT NULL,
	"delivery_address" varchar(200) DEFAULT '' NOT NULL,
	"contact_name" varchar(50) DEFAULT '' NOT NULL,
	"contact_phone" varchar(20) DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"offer_count" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enquiries_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "enquiry_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"enquiry_id" integer NOT NULL,
	"product_name" varchar(120) NOT NULL,
	"spec" varchar(200) DEFAULT '' NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit" varchar(10) NOT NULL,
	"category_id" integer,
	"remark" varchar(300) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"type" varchar(30) NOT NULL,
	"title" varchar(150) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"link_path" varchar(300) DEFAULT '' NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"remember_me" boolean DEFAULT false NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(300) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_items" ADD CONSTRAINT "enquiry_items_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_type_index" ON "companies" USING btree ("type");--> statement-breakpoint
CREATE INDEX "companies_shop_open_index" ON "companies" USING btree ("shop_open");--> statement-breakpoint
CREATE INDEX "users_company_id_index" ON "users" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "categories_parent_id_index" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "products_company_id_index" ON "products" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "products_category_code_index" ON "products" USING btree ("category_code");--> statement-breakpoint
CREATE INDEX "products_status_created_at_index" ON "products" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "products_status_sales_count_index" ON "products" USING btree ("status","sales_count");--> statement-breakpoint
CREATE INDEX "products_status_price_index" ON "products" USING btree ("status","price");--> statement-breakpoint
CREATE INDEX "articles_category_code_published_at_index" ON "articles" USING btree ("category_code","published_at");--> statement-breakpoint
CREATE INDEX "articles_published_at_index" ON "articles" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "banners_position_index" ON "banners" USING btree ("position");--> statement-breakpoint
CREATE INDEX "site_menus_menu_key_index" ON "site_menus" USING btree ("menu_key");--> statement-breakpoint
CREATE INDEX "bids_type_published_at_index" ON "bids" USING btree ("type","published_at");--> statement-breakpoint
CREATE INDEX "enquiries_company_id_index" ON "enquiries" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "enquiries_status_published_at_index" ON "enquiries" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "enquiry_items_enquiry_id_index" ON "enquiry_items" USING btree ("enquiry_id");--> statement-breakpoint
CREATE INDEX "messages_company_id_created_at_index" ON "messages" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_id_index" ON "sessions" USING btree ("user_id");