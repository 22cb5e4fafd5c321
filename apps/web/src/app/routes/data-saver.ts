import { redirect } from "react-router";
import type { Route } from "./+types/data-saver";
import { dataSaverCookie, parseDataSaverForm } from "~/lib/data-saver";

/**
 * The data saver switch of a page without a living script (an info page, or any page before its scripts arrive):
 * keeps the choice in its cookie and goes back to the page, which the server renders by it (decision 105). A
 * hydrated page writes the cookie itself and never posts here.
 */
export async function action({ request }: Route.ActionArgs) {
  // Another site may not change a visitor's setting behind their back (browsers that say where a request comes from).
  if (request.headers.get("sec-fetch-site") === "cross-site") {
    return new Response("Forbidden", { status: 403, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  const form = parseDataSaverForm(await request.formData());
  if (!form) {
    return new Response("Data saver must be on or off.", {
      status: 422,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
  // 303: the browser follows with a GET of the page it came from.
  return redirect(form.back, { status: 303, headers: { "set-cookie": dataSaverCookie(form.setting) } });
}

/** Opened as a link, there is nothing to show: back to the home page. */
export function loader() {
  return redirect("/");
}
