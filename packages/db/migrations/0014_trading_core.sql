CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"filled_quantity" integer NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_intents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"request" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_intents_state" CHECK ("order_intents"."state" in ('pending', 'done'))
);
--> statement-breakpoint
CREATE TABLE "paper_books" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "position_protections" (
	"position_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"target" double precision,
	"stop_loss" double precision,
	"trailing_stop" double precision,
	"trail_anchor" double precision,
	"triggered_at" timestamp with time zone,
	"exit_intent_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"max_positions" integer NOT NULL,
	"risk_percentage_per_trade" double precision NOT NULL,
	"ideal_reward_to_risk" double precision NOT NULL,
	"risk_per_trade_amount" double precision NOT NULL,
	"daily_loss_limit" double precision,
	"max_lots_per_order" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trading_fills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"fill_seq" integer NOT NULL,
	"quantity" integer NOT NULL,
	"price" double precision NOT NULL,
	"charges" jsonb,
	"charges_total" double precision DEFAULT 0 NOT NULL,
	"filled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trading_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" text NOT NULL,
	"action" text NOT NULL,
	"message" text NOT NULL,
	"order_id" uuid,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "trading_modes" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"paper" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trading_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"intent_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"mode" text NOT NULL,
	"tag" text NOT NULL,
	"broker_order_id" text,
	"exchange" text NOT NULL,
	"trading_symbol" text NOT NULL,
	"instrument_token" bigint NOT NULL,
	"lot_size" integer NOT NULL,
	"tick_size" double precision NOT NULL,
	"transaction_type" text NOT NULL,
	"product" text NOT NULL,
	"order_type" text NOT NULL,
	"variety" text NOT NULL,
	"validity" text NOT NULL,
	"quantity" integer NOT NULL,
	"filled_quantity" integer DEFAULT 0 NOT NULL,
	"price" double precision,
	"trigger_price" double precision,
	"average_price" double precision,
	"market_protection" integer,
	"status" text NOT NULL,
	"status_message" text,
	"slice_index" integer DEFAULT 1 NOT NULL,
	"slice_count" integer DEFAULT 1 NOT NULL,
	"modifications" integer DEFAULT 0 NOT NULL,
	"take_profit" double precision,
	"stop_loss" double precision,
	"exit_of_position_id" uuid,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trading_positions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"exchange" text NOT NULL,
	"trading_symbol" text NOT NULL,
	"instrument_token" bigint NOT NULL,
	"lot_size" integer NOT NULL,
	"product" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"buy_quantity" integer DEFAULT 0 NOT NULL,
	"sell_quantity" integer DEFAULT 0 NOT NULL,
	"buy_value" double precision DEFAULT 0 NOT NULL,
	"sell_value" double precision DEFAULT 0 NOT NULL,
	"average_price" double precision DEFAULT 0 NOT NULL,
	"realised_pnl" double precision DEFAULT 0 NOT NULL,
	"charges" double precision DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_trading_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trading_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_intents" ADD CONSTRAINT "order_intents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_intents" ADD CONSTRAINT "order_intents_account_id_broker_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."broker_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_books" ADD CONSTRAINT "paper_books_account_id_broker_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."broker_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_protections" ADD CONSTRAINT "position_protections_position_id_trading_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."trading_positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_protections" ADD CONSTRAINT "position_protections_account_id_broker_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."broker_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_settings" ADD CONSTRAINT "risk_settings_account_id_broker_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."broker_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_fills" ADD CONSTRAINT "trading_fills_order_id_trading_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trading_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_fills" ADD CONSTRAINT "trading_fills_account_id_broker_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."broker_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_log" ADD CONSTRAINT "trading_log_account_id_broker_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."broker_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_modes" ADD CONSTRAINT "trading_modes_account_id_broker_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."broker_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_orders" ADD CONSTRAINT "trading_orders_intent_id_order_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."order_intents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_orders" ADD CONSTRAINT "trading_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_orders" ADD CONSTRAINT "trading_orders_account_id_broker_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."broker_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_positions" ADD CONSTRAINT "trading_positions_account_id_broker_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."broker_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_intents_user_key_key" ON "order_intents" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "order_intents_pending_idx" ON "order_intents" USING btree ("state") WHERE "order_intents"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "trading_fills_order_seq_key" ON "trading_fills" USING btree ("order_id","fill_seq");--> statement-breakpoint
CREATE INDEX "trading_fills_account_idx" ON "trading_fills" USING btree ("account_id","filled_at");--> statement-breakpoint
CREATE INDEX "trading_log_account_at_idx" ON "trading_log" USING btree ("account_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "trading_orders_intent_seq_key" ON "trading_orders" USING btree ("intent_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "trading_orders_account_tag_key" ON "trading_orders" USING btree ("account_id","tag");--> statement-breakpoint
CREATE INDEX "trading_orders_account_placed_idx" ON "trading_orders" USING btree ("account_id","placed_at");--> statement-breakpoint
CREATE INDEX "trading_orders_working_idx" ON "trading_orders" USING btree ("mode","instrument_token") WHERE "trading_orders"."status" in ('OPEN', 'TRIGGER_PENDING', 'PARTIAL');--> statement-breakpoint
CREATE INDEX "trading_orders_user_mode_idx" ON "trading_orders" USING btree ("user_id","mode");--> statement-breakpoint
CREATE UNIQUE INDEX "trading_positions_key" ON "trading_positions" USING btree ("account_id","mode","instrument_token","product");--> statement-breakpoint
CREATE INDEX "trading_positions_open_idx" ON "trading_positions" USING btree ("instrument_token") WHERE "trading_positions"."quantity" <> 0;