CREATE TABLE "paper_book_inputs" (
	"account_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"input" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "paper_books" ADD COLUMN "input_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "paper_book_inputs" ADD CONSTRAINT "paper_book_inputs_account_id_broker_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."broker_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "paper_book_inputs_key" ON "paper_book_inputs" USING btree ("account_id","seq");