/**
 * The admin screens' failure messages (spec second document §8 "Admin update / delete / create failures" and
 * "Attribute flow"): status changes and deletions read 'Update failed: …' and 'Delete failed: …', the catalogue's
 * forms 'create failed: …' and 'update failed: …'. Success messages are the API's, in @waterside/shared.
 */
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const ADMIN_FAILURES = {
  statusUpdate: (error: unknown) => `Update failed: ${messageOf(error)}`,
  delete: (error: unknown) => `Delete failed: ${messageOf(error)}`,
  create: (error: unknown) => `create failed: ${messageOf(error)}`,
  update: (error: unknown) => `update failed: ${messageOf(error)}`,
  attribute: "Failed to process attribute. Please try again.",
} as const;
