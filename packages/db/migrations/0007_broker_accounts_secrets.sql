CREATE TABLE "broker_login_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "broker_accounts" RENAME COLUMN "broker" TO "type";--> statement-breakpoint
ALTER TABLE "broker_accounts" RENAME COLUMN "client_id" TO "user_name";--> statement-breakpoint
ALTER TABLE "broker_accounts" RENAME COLUMN "label" TO "name";--> statement-breakpoint
ALTER TABLE "broker_accounts" ADD COLUMN "sub_type" text;--> statement-breakpoint
ALTER TABLE "broker_accounts" ADD COLUMN "status" text DEFAULT 'loggedOut' NOT NULL;--> statement-breakpoint
ALTER TABLE "broker_accounts" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "broker_accounts" ADD COLUMN "auto_login" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "broker_accounts" ADD COLUMN "quick_trade" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "broker_accounts" ADD COLUMN "api_key_sealed" text;--> statement-breakpoint
ALTER TABLE "broker_accounts" ADD COLUMN "secret_sealed" text;--> statement-breakpoint
ALTER TABLE "broker_accounts" ADD COLUMN "totp_secret_sealed" text;--> statement-breakpoint
ALTER TABLE "broker_accounts" ADD COLUMN "access_token_sealed" text;--> statement-breakpoint
ALTER TABLE "broker_accounts" ADD COLUMN "token_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "broker_accounts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "broker_login_states" ADD CONSTRAINT "broker_login_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broker_login_states" ADD CONSTRAINT "broker_login_states_account_id_broker_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."broker_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Rows from before: the registry key 'paper' is the spec's type 'papertrading'; a running session is loggedIn.
UPDATE "broker_accounts" SET "type" = 'papertrading' WHERE "type" = 'paper';--> statement-breakpoint
UPDATE "broker_accounts" SET "status" = 'loggedIn' WHERE "session_expires_at" > now();--> statement-breakpoint
CREATE INDEX "broker_login_states_expires_idx" ON "broker_login_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "broker_accounts_user_type_user_name_key" ON "broker_accounts" USING btree ("user_id","type","user_name");--> statement-breakpoint
CREATE UNIQUE INDEX "broker_accounts_one_default_key" ON "broker_accounts" USING btree ("user_id") WHERE "broker_accounts"."is_default";--> statement-breakpoint
CREATE INDEX "broker_accounts_session_expiry_idx" ON "broker_accounts" USING btree ("session_expires_at") WHERE "broker_accounts"."session_expires_at" is not null;--> statement-breakpoint
ALTER TABLE "broker_accounts" ADD CONSTRAINT "broker_accounts_status" CHECK ("broker_accounts"."status" in ('loggedIn', 'loggedOut', 'submitted'));