/**
 * The server the journeys run against (playwright.config.ts), in one place: warm-demo-photos.ts starts the same one
 * to fill the demo photo cache beforehand.
 */

/** The environment of the journeys' server, beyond its port and data folder. */
export const JOURNEYS_SERVER_ENV = {
  HOST: "127.0.0.1",
  // A small demo data set: a fresh start seeds it in seconds once its photos are cached.
  DEMO_ADS: "150",
  NODE_ENV: "development",
  LOG_LEVEL: "warn",
  // Each journey's browser and API sign-in names an address of its own (journeys/visitor-address.ts).
  TRUST_PROXY: "loopback",
  // Instant saved-search alerts wait 5 s for more matches to collapse into one, not production's 30.
  SAVED_SEARCH_COLLAPSE_SECONDS: "5",
  // Two browsers and the server share two cores: the event loop lags, and registrations would be shed (decision
  // 098), while a journey checks that a seller's insights count the views it makes. Shedding has its own tests.
  ANALYTICS_SHEDDING: "off",
} as const;
