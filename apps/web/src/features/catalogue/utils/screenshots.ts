import { z } from 'zod';
import manifest from '../data/feature-screenshots.json';

/** A captured screenshot of a feature's page, as `npm run screenshots` wrote it under public/features/. */
export interface FeatureScreenshot {
  src: string;
  width: number;
  height: number;
}

const ManifestSchema = z.record(
  z.string(),
  z.object({ src: z.string(), width: z.number().int().positive(), height: z.number().int().positive() }),
);

const SCREENSHOTS: Readonly<Record<string, FeatureScreenshot>> = ManifestSchema.parse(manifest);

/** The screenshot of a feature, or null while its page has not been captured (the preview then shows text only). */
export function screenshotOf(featureId: string): FeatureScreenshot | null {
  return SCREENSHOTS[featureId] ?? null;
}
