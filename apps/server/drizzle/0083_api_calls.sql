CREATE TABLE "api_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"key_id" integer NOT NULL,
	"method" varchar(8) NOT NULL,
	"route" varchar(200) NOT NULL,
	"http_status" smallint NOT NULL,
	"code" integer,
	"error_id" varchar(64),
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"duration_ms" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_calls" ADD CONSTRAINT "api_calls_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_calls" ADD CONSTRAINT "api_calls_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_calls_company_id_at_index" ON "api_calls" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "api_calls_key_id_at_index" ON "api_calls" USING btree ("key_id","at");--> statement-breakpoint
CREATE INDEX "api_calls_at_index" ON "api_calls" USING btree ("at");