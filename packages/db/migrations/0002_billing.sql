CREATE SEQUENCE "public"."receipt_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "billing_packages" (
	"id" text PRIMARY KEY NOT NULL,
	"product" text NOT NULL,
	"kind" text NOT NULL,
	"plan_name" text NOT NULL,
	"plan_type" text NOT NULL,
	"number_of_days" integer NOT NULL,
	"list_monthly_paise" integer,
	"monthly_paise" integer,
	"fixed_total_paise" integer,
	"broker_accounts" integer DEFAULT 0 NOT NULL,
	"sort_order" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_packages_days_positive" CHECK ("billing_packages"."number_of_days" > 0),
	CONSTRAINT "billing_packages_pricing" CHECK (("billing_packages"."list_monthly_paise" is null) = ("billing_packages"."monthly_paise" is null) and "billing_packages"."monthly_paise" <= "billing_packages"."list_monthly_paise")
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"package_id" text NOT NULL,
	"product" text NOT NULL,
	"kind" text NOT NULL,
	"promo_code" text,
	"provider" text NOT NULL,
	"provider_order_id" text NOT NULL,
	"receipt" text NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"amount_paise" integer NOT NULL,
	"net_paise" integer NOT NULL,
	"discount_paise" integer NOT NULL,
	"promo_discount_paise" integer NOT NULL,
	"price_paise" integer NOT NULL,
	"gst_paise" integer NOT NULL,
	"number_of_days" integer NOT NULL,
	"status" text NOT NULL,
	"renews_subscription_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"receipt_number" text NOT NULL,
	"subscription_id" uuid NOT NULL,
	"confirmed_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"percent_basis_points" integer,
	"flat_paise" integer,
	"package_ids" text[],
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"max_redemptions" integer,
	"max_per_user" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_upper" CHECK ("promo_codes"."code" = upper("promo_codes"."code")),
	CONSTRAINT "promo_codes_amount" CHECK (("promo_codes"."kind" = 'percent' and "promo_codes"."percent_basis_points" between 1 and 10000) or ("promo_codes"."kind" = 'flat' and "promo_codes"."flat_paise" > 0))
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_earnings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"referrer_id" uuid NOT NULL,
	"referred_user_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"base_paise" integer NOT NULL,
	"percent_basis_points" integer NOT NULL,
	"earning_paise" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"package_id" text NOT NULL,
	"product" text NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"broker_accounts" integer NOT NULL,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "subscriptions_window" CHECK ("subscriptions"."ends_at" > "subscriptions"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "trials" (
	"user_id" uuid NOT NULL,
	"product" text NOT NULL,
	"subscription_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trials_user_id_product_pk" PRIMARY KEY("user_id","product")
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_package_id_billing_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."billing_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_code_promo_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."promo_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_earnings" ADD CONSTRAINT "referral_earnings_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_earnings" ADD CONSTRAINT "referral_earnings_referred_user_id_users_id_fk" FOREIGN KEY ("referred_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_earnings" ADD CONSTRAINT "referral_earnings_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_package_id_billing_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."billing_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trials" ADD CONSTRAINT "trials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_provider_order_key" ON "payment_orders" USING btree ("provider","provider_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_receipt_key" ON "payment_orders" USING btree ("receipt");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_one_pending_key" ON "payment_orders" USING btree ("user_id","package_id",coalesce("promo_code", ''),"amount_paise","provider") WHERE "payment_orders"."status" = 'created' and "payment_orders"."kind" = 'purchase';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_renewal_key" ON "payment_orders" USING btree ("renews_subscription_id") WHERE "payment_orders"."renews_subscription_id" is not null;--> statement-breakpoint
CREATE INDEX "payment_orders_user_idx" ON "payment_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_key" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_key" ON "payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_number_key" ON "payments" USING btree ("receipt_number");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_redemptions_order_key" ON "promo_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "promo_redemptions_code_idx" ON "promo_redemptions" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_code_key" ON "referral_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_earnings_payment_key" ON "referral_earnings" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "referral_earnings_referrer_idx" ON "referral_earnings" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_user_product_idx" ON "subscriptions" USING btree ("user_id","product","ends_at");--> statement-breakpoint
CREATE INDEX "subscriptions_renewal_due_idx" ON "subscriptions" USING btree ("ends_at") WHERE "subscriptions"."auto_renew" and "subscriptions"."cancelled_at" is null;--> statement-breakpoint
-- The catalogue (spec §1, §9). Prices in paise: list_monthly_paise is the spec's costPerDay (30 days at list price)
-- and monthly_paise its costPerMonth; their ratio gives the card badges (Sixer 8 %, Professional 20 %, QT02 and
-- QT05 17 %, QT03 22 %, QT01, QT04 and QT06 34 %). The Trial pass is ₹499 all inclusive (₹423 + ₹76 GST).
INSERT INTO "billing_packages" ("id", "product", "kind", "plan_name", "plan_type", "number_of_days", "list_monthly_paise", "monthly_paise", "fixed_total_paise", "broker_accounts", "sort_order") VALUES
	('Trial', 'd', 'trial', 'Trial', 'Discover Trial', 7, NULL, NULL, 49900, 0, 10),
	('Starter', 'd', 'plan', 'Starter', 'Discover Starter', 30, 99900, 99900, NULL, 0, 20),
	('Sixer', 'd', 'plan', 'Sixer', 'Discover Sixer', 180, 99900, 91908, NULL, 0, 30),
	('Professional', 'd', 'plan', 'Professional', 'Discover Professional', 360, 99900, 79920, NULL, 0, 40),
	('Free', 'qt', 'trial', 'Free', 'QuikTrade Free', 7, NULL, NULL, NULL, 0, 50),
	('QT01', 'qt', 'plan', 'Scalper', 'QuikTrade Scalper', 30, 149900, 98934, NULL, 1, 60),
	('QT02', 'qt', 'plan', 'Scalper', 'QuikTrade Scalper', 180, 149900, 124417, NULL, 1, 70),
	('QT03', 'qt', 'plan', 'Scalper', 'QuikTrade Scalper', 360, 149900, 116922, NULL, 1, 80),
	('QT04', 'qt', 'plan', 'Pro', 'QuikTrade Pro', 30, 299900, 197934, NULL, 1, 90),
	('QT05', 'qt', 'plan', 'Pro', 'QuikTrade Pro', 180, 299900, 248917, NULL, 1, 100),
	('QT06', 'qt', 'plan', 'Pro', 'QuikTrade Pro', 360, 299900, 197934, NULL, 1, 110),
	('ADDON1', 'qt', 'addon', 'Extra Broker Account', 'QuikTrade Add-on', 30, 49900, 49900, NULL, 1, 120);
--> statement-breakpoint
-- A launch offer: 10 % off the first period of any plan, once per user.
INSERT INTO "promo_codes" ("code", "kind", "percent_basis_points", "package_ids", "max_per_user") VALUES
	('WELCOME10', 'percent', 1000, ARRAY['Starter', 'Sixer', 'Professional', 'QT01', 'QT02', 'QT03', 'QT04', 'QT05', 'QT06'], 1);
