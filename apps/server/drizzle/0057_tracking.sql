CREATE TABLE "tracked_parcels" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"shipment_id" integer,
	"rma_id" integer,
	"buyer_company_id" integer NOT NULL,
	"seller_company_id" integer NOT NULL,
	"carrier_code" varchar(20) NOT NULL,
	"tracking_no" varchar(50) NOT NULL,
	"subscription" smallint DEFAULT 0 NOT NULL,
	"state" smallint,
	"last_event_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"last_queried_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracked_parcels_one_document" CHECK (("tracked_parcels"."shipment_id" is null) <> ("tracked_parcels"."rma_id" is null))
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"parcel_id" integer NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"context" varchar(500) NOT NULL,
	"status" varchar(20) DEFAULT '' NOT NULL,
	"area_name" varchar(100) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_pushes" (
	"id" serial PRIMARY KEY NOT NULL,
	"parcel_id" integer,
	"verified" boolean NOT NULL,
	"outcome" varchar(20) NOT NULL,
	"new_events" integer DEFAULT 0 NOT NULL,
	"param" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tracked_parcels" ADD CONSTRAINT "tracked_parcels_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_parcels" ADD CONSTRAINT "tracked_parcels_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_parcels" ADD CONSTRAINT "tracked_parcels_rma_id_rmas_id_fk" FOREIGN KEY ("rma_id") REFERENCES "public"."rmas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_parcels" ADD CONSTRAINT "tracked_parcels_buyer_company_id_companies_id_fk" FOREIGN KEY ("buyer_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_parcels" ADD CONSTRAINT "tracked_parcels_seller_company_id_companies_id_fk" FOREIGN KEY ("seller_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_parcel_id_tracked_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."tracked_parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tracked_parcels_shipment_id_index" ON "tracked_parcels" USING btree ("shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tracked_parcels_rma_id_index" ON "tracked_parcels" USING btree ("rma_id");--> statement-breakpoint
CREATE INDEX "tracked_parcels_order_id_index" ON "tracked_parcels" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_events_once" ON "tracking_events" USING btree ("parcel_id","time","context");--> statement-breakpoint
CREATE INDEX "tracking_pushes_parcel_id_received_at_index" ON "tracking_pushes" USING btree ("parcel_id","received_at");