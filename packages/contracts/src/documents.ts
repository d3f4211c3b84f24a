import { z } from 'zod';
import { ResolutionSchema } from './market';
import { textSchema } from './text';

/**
 * Per-user documents (`/api/v1/documents`): what a user keeps between visits that is neither an account setting nor
 * market data: saved scans, strategies, chart drawings and layouts, trade settings. One store, one API; each kind
 * has its own schema here, and the server refuses a document its kind's schema does not accept.
 */

/** The kinds of document a user may keep. */
export const DOCUMENT_KINDS = ['saved-scan', 'strategy', 'chart-drawings', 'chart-layout', 'trade-settings'] as const;
/** A kind of document. */
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
/** A kind of document, from a path parameter. */
export const DocumentKindSchema = z.enum(DOCUMENT_KINDS);

/** Largest document, in bytes of its `data` as UTF-8 JSON. */
export const MAX_DOCUMENT_BYTES = 65_536;

/**
 * How many documents of each kind one user may keep. Drawings are kept per instrument and options expire weekly,
 * so that kind gets the most room; a user has one set of trade settings per broker account at most.
 */
export const MAX_DOCUMENTS_PER_KIND: Readonly<Record<DocumentKind, number>> = Object.freeze({
  'saved-scan': 100,
  strategy: 200,
  'chart-drawings': 500,
  'chart-layout': 50,
  'trade-settings': 20,
});

/**
 * A document's key within its kind: what the user or page names it by (a scan's slug, an instrument's trading
 * symbol, `default`). Letters, digits and `._:-`, starting with a letter or digit.
 */
export const DocumentKeySchema = textSchema().regex(
  /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/,
  'use 1–128 letters, digits or . _ : - (starting with a letter or digit)',
);

/** Path parameters naming a kind. */
export const DocumentKindParamsSchema = z.object({ kind: DocumentKindSchema });
/** Path parameters naming one document. */
export const DocumentParamsSchema = z.object({ kind: DocumentKindSchema, key: DocumentKeySchema });

const Name = textSchema().trim().min(1).max(80);
const Symbol = textSchema().trim().min(1).max(40);
const Price = z.number().finite().nonnegative().max(10_000_000);
const Points = z.number().finite().nonnegative().max(100_000);

/** A saved scan: an expression over a universe at a resolution, and how a match is announced. */
export const SavedScanSchema = z.strictObject({
  name: Name,
  /** The scan's condition, e.g. `close > sma(close, 20) and oi_change_pct > 5`. */
  expression: textSchema().trim().min(1).max(2_000),
  universe: z.enum(['fno-stocks', 'indices', 'all']),
  resolution: ResolutionSchema,
  alert: z.enum(['none', 'toast']),
});

/** One leg of a saved strategy: an option or future of the underlying, bought or sold, in lots. */
export const SavedStrategyLegSchema = z.strictObject({
  instrumentType: z.enum(['CE', 'PE', 'FUT']),
  /** Null for a future. */
  strike: Price.nullable(),
  expiry: z.iso.date(),
  side: z.enum(['BUY', 'SELL']),
  lots: z.number().int().min(1).max(1_000),
  /** Entry price in rupees; the price at the time it is opened when absent. */
  price: Price.optional(),
});

/** A saved strategy: named legs on one underlying. */
export const SavedStrategySchema = z.strictObject({
  name: Name,
  underlying: Symbol,
  legs: z.array(SavedStrategyLegSchema).min(1).max(12),
});

const DrawingAnchorSchema = z.strictObject({ time: z.number().int().nonnegative(), price: z.number().finite() });

/** One chart drawing, the form the charts package saves (`@fnodesk/charts/drawing`). */
export const ChartDrawingSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('horizontal-line'), id: textSchema().min(1).max(64), price: z.number().finite() }),
  // Two-anchor drawings: a trend line, a rectangle (opposite corners) and a Fibonacci retracement (the move).
  ...(['trend-line', 'rectangle', 'fib-retracement'] as const).map((kind) =>
    z.strictObject({
      kind: z.literal(kind),
      id: textSchema().min(1).max(64),
      from: DrawingAnchorSchema,
      to: DrawingAnchorSchema,
    }),
  ),
]);

/** An instrument's chart drawings (kept under the instrument's trading symbol), in the charts' saved form. */
export const ChartDrawingsSchema = z.strictObject({
  version: z.literal(1),
  drawings: z.array(ChartDrawingSchema).max(500),
});

/** The split-screen layouts of spec §9 (1, 2, 3, 4 or 6 charts). */
export const CHART_LAYOUT_SIZES = [1, 2, 3, 4, 6] as const;

/** A saved chart layout: how many charts, and what each shows. */
export const ChartLayoutSchema = z
  .strictObject({
    name: Name,
    layout: z.union(CHART_LAYOUT_SIZES.map((n) => z.literal(n))),
    charts: z
      .array(
        z.strictObject({
          instrument: Symbol,
          resolution: ResolutionSchema,
          indicators: z.array(textSchema().min(1).max(32)).max(10),
        }),
      )
      .min(1)
      .max(6),
  })
  .refine((l) => l.charts.length <= l.layout, { message: 'more charts than the layout holds', path: ['charts'] });

/** Order defaults for one underlying, overriding the account's. */
const TradeDefaultsSchema = z.strictObject({
  /** Lots per click. */
  quantityLots: z.number().int().min(1).max(1_000),
  orderType: z.enum(['MARKET', 'LIMIT']),
  product: z.enum(['MIS', 'NRML', 'CNC']),
  validity: z.enum(['DAY', 'IOC']),
  stopLossPoints: Points.optional(),
  targetPoints: Points.optional(),
  trailingPoints: Points.optional(),
  /** Lots per slice for this underlying (or underlying and expiry); at most the freeze quantity ÷ lot. */
  sliceLots: z.number().int().min(1).max(1_000).optional(),
  orderSequence: z.enum(['buys-first', 'sells-first', 'as-entered']).optional(),
  marketProtectionPercent: z.number().min(0).max(100).optional(),
});

/** Trade settings (pages.md `/pages/setting`): order defaults, slicing, sequence, market protection, overrides. */
export const TradeSettingsSchema = z.strictObject({
  ...TradeDefaultsSchema.shape,
  /** Lots per slice; at most the freeze quantity ÷ lot, checked when an order is sliced. */
  sliceLots: z.number().int().min(1).max(1_000).optional(),
  orderSequence: z.enum(['buys-first', 'sells-first', 'as-entered']),
  /** How far a market order may fill from the last price, in %. */
  marketProtectionPercent: z.number().min(0).max(100),
  /** Per underlying (`NIFTY`) or per underlying and expiry (`NIFTY:2026-12-01`); the more specific one wins. */
  overrides: z.record(Symbol, TradeDefaultsSchema).optional(),
  /** When the user accepted the QuikTrade terminal's risk disclosure (ISO date-time). */
  riskDisclosureAcceptedAt: z.iso.datetime().optional(),
});
/** Trade settings as stored. */
export type TradeSettings = z.infer<typeof TradeSettingsSchema>;
/** Order defaults of one underlying (or underlying and expiry). */
export type TradeDefaults = z.infer<typeof TradeDefaultsSchema>;

/** The schema of each kind's `data`. */
export const DOCUMENT_DATA_SCHEMAS = {
  'saved-scan': SavedScanSchema,
  strategy: SavedStrategySchema,
  'chart-drawings': ChartDrawingsSchema,
  'chart-layout': ChartLayoutSchema,
  'trade-settings': TradeSettingsSchema,
} as const satisfies Record<DocumentKind, z.ZodType>;

/** The `data` of a document of kind `K`. */
export type DocumentData<K extends DocumentKind> = z.infer<(typeof DOCUMENT_DATA_SCHEMAS)[K]>;

/**
 * Body of `PUT documents/{kind}/{key}`. `version` is the version the client last read: 0 creates (and fails if the
 * document exists), n replaces version n (and fails if it moved on); without it the document is written whatever
 * its version. `data` is checked against the kind's schema by the server.
 */
export const PutDocumentRequestSchema = z.strictObject({
  version: z.number().int().nonnegative().optional(),
  data: z.unknown(),
});
/** Body of `PUT documents/{kind}/{key}`. */
export type PutDocumentRequest = z.infer<typeof PutDocumentRequestSchema>;

/** Query of `DELETE documents/{kind}/{key}`: optionally, the version the client expects to delete. */
export const DeleteDocumentQuerySchema = z.strictObject({ version: z.coerce.number().int().positive().optional() });

/** A document without its data, as lists show it. */
export const DocumentSummarySchema = z.object({
  kind: DocumentKindSchema,
  key: z.string(),
  /** The document's own name (scans, strategies, layouts), for lists; null for kinds without one. */
  name: z.string().nullable(),
  /** Starts at 1 and grows by 1 with each write. */
  version: z.number().int().positive(),
  /** Size of `data` as UTF-8 JSON. */
  bytes: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
/** A document without its data. */
export type DocumentSummary = z.infer<typeof DocumentSummarySchema>;

/** A document with its data. */
export const StoredDocumentSchema = DocumentSummarySchema.extend({ data: z.unknown() });
/** A document with its data (`data` typed by kind with {@link DOCUMENT_DATA_SCHEMAS}). */
export type StoredDocument = z.infer<typeof StoredDocumentSchema>;

/** `GET documents/{kind}`: the user's documents of a kind, most recently written first, with the kind's limit. */
export const DocumentListSchema = z.object({
  documents: z.array(DocumentSummarySchema),
  limit: z.number().int().positive(),
});
/** `GET documents/{kind}`. */
export type DocumentList = z.infer<typeof DocumentListSchema>;

/** `DELETE documents/{kind}/{key}`. */
export const DeletedDocumentSchema = z.object({ kind: DocumentKindSchema, key: z.string(), deleted: z.literal(true) });
