import { z } from 'zod';

/** One dependency's state in the health report. */
export const DependencyHealthSchema = z.object({
  ok: z.boolean(),
  driver: z.string(),
  latencyMs: z.number().nonnegative().optional(),
  error: z.string().optional(),
});

/** `GET /healthz` data. */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number().nonnegative(),
  database: DependencyHealthSchema,
  bus: DependencyHealthSchema,
});

/** `GET /healthz` data. */
export type Health = z.infer<typeof HealthSchema>;
