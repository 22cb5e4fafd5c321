import type { Page } from "@playwright/test";

/** Journeys that are not about signing up mark the 5-second sign-up invitation as already seen. */
export const skipSignupPrompt = (page: Page) =>
  page.addInitScript(() => sessionStorage.setItem("waterside.signup_prompt_seen", "1"));
