CREATE TABLE "pay_sandbox_trades" (
	"pay_no" varchar(32) PRIMARY KEY NOT NULL,
	"trade" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
