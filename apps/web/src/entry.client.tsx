import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { LocationsProvider, loadCounties } from "./lib/locations";

/**
 * React Router's default browser entry, inside the providers the server's render has too (entry.server.tsx): the
 * counties are read first, so the pages hydrate with the options the server sent.
 */
void loadCounties().then((counties) =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <LocationsProvider counties={counties}>
          <HydratedRouter />
        </LocationsProvider>
      </StrictMode>,
    );
  }),
);
