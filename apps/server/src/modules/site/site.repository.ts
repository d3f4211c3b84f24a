import { schema, type Db } from '@fnodesk/db';

const { demoRequests } = schema;

/** A stored demo request. */
export type DemoRequestRow = typeof demoRequests.$inferSelect;
/** A demo request to store. */
export type NewDemoRequest = Omit<typeof demoRequests.$inferInsert, 'id'> & { createdAt: Date };

/** Demo requests. The only code touching the public site's tables. */
export function createSiteRepository(db: Db) {
  return {
    /** Stores a demo request and returns it with its id. */
    async insertDemoRequest(request: NewDemoRequest): Promise<DemoRequestRow> {
      const [row] = await db.insert(demoRequests).values(request).returning();
      if (!row) throw new Error('demo request insert returned no row');
      return row;
    },
  };
}

/** The site repository. */
export type SiteRepository = ReturnType<typeof createSiteRepository>;
