import type { Transaction } from "./domain-events.ts";

/**
 * What an owning module's write did, told to whoever asked for it: the admin area writes its audit record from it
 * (decision 049), in the write's own transaction, so a write without its record never commits.
 */
export interface Change {
  /** What was done, e.g. "category.create", "ad_report.status". */
  action: string;
  /** What it was done to, e.g. "category", "ad_report", and its id. */
  targetType: string;
  targetId: number;
  before?: unknown;
  after?: unknown;
}

/** Records a change in the writer's transaction; a failure rolls the write back. */
export type RecordChange = (tx: Transaction, change: Change) => Promise<void>;
