export { MIGRATIONS_FOLDER, openDatabase } from './client';
export type { Database, DatabaseOptions, Db, DbDriver } from './client';
export { createAuditRepository } from './audit.repository';
export type { AuditEntry, AuditEntryInput, AuditRepository } from './audit.repository';
export * as schema from './schema';
export { isUniqueViolation } from './unique-violation';
export { compiled, compiledByShape, rowSlots, slot, slotSql } from './compiled';
export type { CompilableStatement, CompiledStatement } from './compiled';
