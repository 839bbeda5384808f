import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { DEFAULT_ACADEMY, SOCIAL_NETWORKS } from '../../../common/rules';
import type { AcademySettings, academySettingsUpdate } from '../../../common/schemas/desk';
import type { AppContext } from '../../context';
import { academySettings } from '../../db/schema';

type Settings = typeof academySettings.$inferSelect;

function present(row: Settings): AcademySettings {
  return {
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    // Every network is named, so a network the database has no entry for reads as "no link".
    social: Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, row.social[n] ?? null])) as AcademySettings['social'],
    currency: row.currency as AcademySettings['currency'],
  };
}

/** The academy's details, kept on every instance until a change is announced (migration 0017). */
export function readAcademy(ctx: AppContext): Promise<AcademySettings> {
  return ctx.memos.academy.remember('', async () => {
    const [row] = await ctx.db.select().from(academySettings).where(eq(academySettings.id, 1));
    // The migration writes the row; a database restored without it gets it back on the first read.
    return present(row ?? (await ensureRow(ctx)));
  });
}

async function ensureRow(ctx: AppContext): Promise<Settings> {
  const [row] = await ctx.db
    .insert(academySettings)
    .values({ id: 1, ...DEFAULT_ACADEMY })
    .onConflictDoUpdate({ target: academySettings.id, set: { id: 1 } })
    .returning();
  return row;
}

/**
 * Changes the fields the update names and nothing else; within `social`, only the networks it names. One
 * statement: the social links are merged in the database, so two admins editing different networks at once both
 * keep their change.
 */
export async function updateAcademy(
  ctx: AppContext,
  update: z.output<typeof academySettingsUpdate>,
): Promise<AcademySettings> {
  await readAcademy(ctx);
  const { social, ...fields } = update;
  const set: Record<string, unknown> = { updatedAt: ctx.now() };
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) set[key] = value;
  if (social) {
    const named = Object.fromEntries(Object.entries(social).filter(([, v]) => v !== undefined));
    set.social = sql`${academySettings.social} || ${JSON.stringify(named)}::jsonb`;
  }
  const [row] = await ctx.db.update(academySettings).set(set).where(eq(academySettings.id, 1)).returning();
  ctx.memos.academy.evict('');
  return present(row);
}
