CREATE TABLE "ingested_candles_1m" (
	"token" bigint NOT NULL,
	"t" bigint NOT NULL,
	"o" double precision NOT NULL,
	"h" double precision NOT NULL,
	"l" double precision NOT NULL,
	"c" double precision NOT NULL,
	"v" bigint NOT NULL,
	"atp" double precision NOT NULL,
	"oi" bigint NOT NULL,
	CONSTRAINT "ingested_candles_1m_pk" PRIMARY KEY("token","t")
);
--> statement-breakpoint
CREATE TABLE "ingested_oi_snapshots" (
	"token" bigint NOT NULL,
	"t" bigint NOT NULL,
	"oi" bigint NOT NULL,
	CONSTRAINT "ingested_oi_snapshots_pk" PRIMARY KEY("token","t")
);
