ALTER TABLE "orders" ADD COLUMN "po_number" varchar(40) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cost_centre" varchar(40) DEFAULT '' NOT NULL;