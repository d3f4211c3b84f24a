CREATE TABLE "portfolio_risks" (
	"account_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"mtm_stop" double precision,
	"mtm_target" double precision,
	"trail_from" double precision,
	"trail_lock" double precision,
	"trail_step" double precision,
	"armed" boolean DEFAULT false NOT NULL,
	"trail_stop" double precision,
	"peak_mtm" double precision,
	"trigger" text,
	"triggered_at" timestamp with time zone,
	"exited_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_risks_account_id_mode_pk" PRIMARY KEY("account_id","mode")
);
--> statement-breakpoint
CREATE TABLE "quiktrade_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"instrument" text NOT NULL,
	"expiry" text NOT NULL,
	"product" text NOT NULL,
	"condition" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"armed" boolean DEFAULT true NOT NULL,
	"fired_at" timestamp with time zone,
	"fire_intent_id" uuid,
	"fire_error" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_day_locks" (
	"account_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"day" text NOT NULL,
	"mtm" double precision NOT NULL,
	"locked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_day_locks_account_id_mode_day_pk" PRIMARY KEY("account_id","mode","day")
);
--> statement-breakpoint
ALTER TABLE "portfolio_risks" ADD CONSTRAINT "portfolio_risks_account_id_broker_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."broker_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiktrade_rules" ADD CONSTRAINT "quiktrade_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiktrade_rules" ADD CONSTRAINT "quiktrade_rules_account_id_broker_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."broker_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_day_locks" ADD CONSTRAINT "risk_day_locks_account_id_broker_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."broker_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portfolio_risks_armed_idx" ON "portfolio_risks" USING btree ("account_id") WHERE "portfolio_risks"."armed";--> statement-breakpoint
CREATE INDEX "quiktrade_rules_account_idx" ON "quiktrade_rules" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "quiktrade_rules_armed_idx" ON "quiktrade_rules" USING btree ("instrument") WHERE "quiktrade_rules"."armed";