CREATE TABLE "captchas" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"text_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"account" varchar(64) NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" varchar(8) NOT NULL,
	"target" varchar(120) NOT NULL,
	"subject" varchar(200) DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" varchar(8) NOT NULL,
	"target" varchar(120) NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wechat_tickets" (
	"ticket" varchar(128) PRIMARY KEY NOT NULL,
	"client_id" varchar(64) NOT NULL,
	"status" varchar(12) DEFAULT 'waiting' NOT NULL,
	"open_id" varchar(64),
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wechat_tickets" ADD CONSTRAINT "wechat_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "captchas_expires_at_index" ON "captchas" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "login_failures_account_created_at_index" ON "login_failures" USING btree ("account","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_outbox_target_index" ON "sandbox_outbox" USING btree ("target");--> statement-breakpoint
CREATE INDEX "verification_codes_target_created_at_index" ON "verification_codes" USING btree ("target","created_at");--> statement-breakpoint
CREATE INDEX "verification_codes_ip_created_at_index" ON "verification_codes" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "wechat_tickets_expires_at_index" ON "wechat_tickets" USING btree ("expires_at");