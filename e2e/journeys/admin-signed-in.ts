import type { Page } from "@playwright/test";
import { expect } from "./hydrated-page";

/** The demo admin (apps/api/src/db/seed/seed-demo.ts). */
export const ADMIN = { email: "admin@demo.waterside.lr", password: "waterside-demo" };

/** Signs in at /admin through the form, as an admin does. */
export async function adminLogsIn(page: Page) {
  await page.goto("/admin");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

export const isPhone = (width: number | undefined) => (width ?? 0) < 768;
