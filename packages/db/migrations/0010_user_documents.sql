CREATE TABLE "user_documents" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"name" text,
	"data" jsonb NOT NULL,
	"bytes" integer NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_documents_pk" PRIMARY KEY("user_id","kind","key"),
	CONSTRAINT "user_documents_version_positive" CHECK ("user_documents"."version" > 0)
);
--> statement-breakpoint
ALTER TABLE "user_documents" ADD CONSTRAINT "user_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_documents_user_kind_updated_idx" ON "user_documents" USING btree ("user_id","kind","updated_at");