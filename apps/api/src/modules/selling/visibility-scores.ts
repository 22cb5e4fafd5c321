import { sql, type SQL } from "drizzle-orm";
import type { Transaction } from "../../db/database.ts";

/**
 * Writes the visibility_score analytics computed (decision 045): `scores` is a relation of (ad_id, score). One
 * statement, and only the scores that changed: an ad whose score stays keeps its row version. Returns how many.
 */
export async function writeVisibilityScores(tx: Transaction, scores: SQL): Promise<number> {
  const updated = await tx.execute(sql`
    update ads a set visibility_score = sc.score
    from (${scores}) sc
    where a.id = sc.ad_id and a.visibility_score <> sc.score`);
  return updated.count;
}
