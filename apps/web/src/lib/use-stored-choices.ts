import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { readStoredItem, writeStoredItem } from './local-storage';

/**
 * A page's choices remembered in local storage under its route name (pages brief §0); each unreadable field falls
 * back to its default through the schema's `.catch`.
 */
export function useStoredChoices<T extends object>(key: string, schema: z.ZodType<T>) {
  const [choices, setChoices] = useState<T>(() => {
    let json: unknown = {};
    try {
      json = JSON.parse(readStoredItem(key) ?? '{}');
    } catch {
      json = {};
    }
    return schema.parse(typeof json === 'object' && json !== null ? json : {});
  });
  const choose = useCallback(
    (patch: Partial<T>) =>
      setChoices((current) => {
        const next = { ...current, ...patch };
        writeStoredItem(key, JSON.stringify(next));
        return next;
      }),
    [key],
  );
  return [choices, choose] as const;
}
