CREATE TABLE "notice_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"event" varchar(40) NOT NULL,
	"dedupe_key" varchar(80) NOT NULL,
	"channel" varchar(8) NOT NULL,
	"target" varchar(120) NOT NULL,
	"vars" jsonb NOT NULL,
	"link_path" varchar(300) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"send_after" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"choices" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"quiet_on" boolean DEFAULT false NOT NULL,
	"quiet_start" varchar(5) DEFAULT '22:00' NOT NULL,
	"quiet_end" varchar(5) DEFAULT '08:00' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notice_settings" ADD CONSTRAINT "notice_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notice_outbox_once" ON "notice_outbox" USING btree ("dedupe_key","user_id","channel");--> statement-breakpoint
CREATE INDEX "notice_outbox_company_id_created_at_index" ON "notice_outbox" USING btree ("company_id","created_at");