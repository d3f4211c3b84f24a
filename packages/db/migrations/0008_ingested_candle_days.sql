CREATE TABLE "ingested_candle_days" (
	"token" bigint NOT NULL,
	"day" bigint NOT NULL,
	"first_t" bigint NOT NULL,
	"last_t" bigint NOT NULL,
	"candles" integer NOT NULL,
	"json" text NOT NULL,
	CONSTRAINT "ingested_candle_days_pk" PRIMARY KEY("token","day")
);
--> statement-breakpoint
CREATE INDEX "ingested_candles_1m_t" ON "ingested_candles_1m" USING btree ("t");