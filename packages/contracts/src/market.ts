import { z } from 'zod';

/**
 * Market-data API `/data/v1` (spec signed-in-app §3, §7; ARCHITECTURE §3). Query parameters arrive as strings;
 * these schemas turn them into typed values and refuse anything else with 400.
 */

/** Exchange segments the data API knows. */
export const EXCHANGE_CODES = ['NSE', 'BSE', 'NFO', 'BFO'] as const;

/** A comma-separated list of exchanges, any case (`nse,nfo`), de-duplicated, upper-cased. */
export const ExchangeListSchema = z
  .string()
  .trim()
  .max(40)
  .transform((v, ctx) => {
    const parts = [
      ...new Set(
        v
          .split(',')
          .map((p) => p.trim().toUpperCase())
          .filter(Boolean),
      ),
    ];
    const unknown = parts.filter((p) => !(EXCHANGE_CODES as readonly string[]).includes(p));
    if (parts.length === 0 || unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `exchange must be a comma-separated list of ${EXCHANGE_CODES.join(', ')}`,
      });
      return z.NEVER;
    }
    return parts as (typeof EXCHANGE_CODES)[number][];
  });

/** `get_exchange_holidays?exchange&year`. */
export const ExchangeHolidaysQuerySchema = z.object({
  exchange: ExchangeListSchema.default(['NSE']),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});

/** One holiday (spec §3 Holiday). */
export const HolidaySchema = z.object({
  /** `YYYY-MM-DD` (IST). */
  date: z.string(),
  /** `DD-MMM-YYYY`, as the pages show and cache it. */
  formattedDate: z.string(),
  description: z.string(),
  weekday: z.string(),
});
/** One holiday. */
export type Holiday = z.infer<typeof HolidaySchema>;

/** `get_exchange_holidays` data: holidays per requested exchange, and which years have a published list. */
export const ExchangeHolidaysSchema = z.object({
  holidays: z.record(z.string(), z.array(HolidaySchema)),
  /** Years whose list the exchanges have published; other years count weekends only. */
  publishedYears: z.array(z.number().int()),
});

/** One special session (Budget Sunday, Muhurat; spec §3). */
export const SpecialSessionSchema = z.object({
  date: z.string(),
  formattedDate: z.string(),
  kind: z.string(),
  description: z.string(),
  exchanges: z.array(z.string()),
  /** Session window in IST `HH:MM`, or null while the exchange has not announced the timings. */
  open: z.string().nullable(),
  close: z.string().nullable(),
});
/** One special session. */
export type SpecialSession = z.infer<typeof SpecialSessionSchema>;

/** `get_special_session` data. */
export const SpecialSessionsSchema = z.array(SpecialSessionSchema);
