CREATE TABLE "domain_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(120) NOT NULL,
	"type" varchar(40) NOT NULL,
	"data" jsonb NOT NULL,
	"recipients" jsonb NOT NULL,
	"dispatched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "domain_events_once" ON "domain_events" USING btree ("key");