import type { SecretBox } from '../../platform/secret-box';
import type { BrokersRepository, SealedFields } from './brokers.repository';
import { sealContext } from './brokers.service';

/** What a rotation did. */
export interface RotationReport {
  /** Accounts read. */
  readonly accounts: number;
  /** Sealed values re-sealed under the current key. */
  readonly resealed: number;
  /** Sealed values still under another key afterwards (0 unless accounts changed faster than the retries). */
  readonly remaining: number;
}

const COLUMNS = ['apiKeySealed', 'secretSealed', 'totpSecretSealed', 'accessTokenSealed'] as const;

/**
 * Re-seals every broker secret under the box's current key, page by page. A value is opened with the key it names
 * (old keys stay in the ring) and written back only if the row did not change meanwhile; a row a login or logout
 * changed is read again, so the server can keep running during a rotation (T17: no orphaned ciphertext).
 */
export async function rotateBrokerSecrets(
  repository: Pick<BrokersRepository, 'sealedPage' | 'sealedOf' | 'resealIfUnchanged'>,
  box: SecretBox,
  options: { pageSize?: number; attempts?: number } = {},
): Promise<RotationReport> {
  const pageSize = options.pageSize ?? 500;
  const attempts = options.attempts ?? 5;
  const current = box.currentKeyId();
  let accounts = 0;
  let resealed = 0;
  let remaining = 0;

  const reseal = (id: string, row: SealedFields): { next: SealedFields; changed: number } => {
    const next: SealedFields = { ...row };
    let changed = 0;
    for (const column of COLUMNS) {
      const sealed = row[column];
      if (sealed === null || box.keyIdOf(sealed) === current) continue;
      const context = sealContext(id, column);
      next[column] = box.seal(box.open(sealed, context), context);
      changed += 1;
    }
    return { next, changed };
  };

  let after: string | null = null;
  for (;;) {
    const page = await repository.sealedPage(after, pageSize);
    if (page.length === 0) break;
    for (const first of page) {
      accounts += 1;
      let row: (SealedFields & { id: string }) | undefined = first;
      for (let attempt = 0; row && attempt < attempts; attempt += 1) {
        const { next, changed } = reseal(row.id, row);
        if (changed === 0) {
          row = undefined;
          break;
        }
        if (await repository.resealIfUnchanged(row.id, row, next)) {
          resealed += changed;
          row = undefined;
          break;
        }
        row = await repository.sealedOf(first.id);
      }
      if (row) remaining += reseal(row.id, row).changed;
    }
    after = page[page.length - 1]?.id ?? null;
  }
  return { accounts, resealed, remaining };
}
