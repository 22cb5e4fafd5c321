import { envelope } from "@waterside/shared/api-envelope";
import {
  SAVED_SEARCH_LIMIT,
  SAVED_SEARCH_MESSAGES,
  ZSavedSearch,
  ZSavedSearchCreate,
  ZSavedSearchParams,
  ZSavedSearchUpdate,
} from "@waterside/shared/saved-searches";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../plugins/auth.ts";
import type { SavedSearchesService } from "./saved-searches.service.ts";

const ZUnsubscribeQuery = z.object({ token: z.string().max(200) });

/** What the unsubscribe link shows in the browser it was opened in: plain words, no sign-in, no script. */
const unsubscribedPage = (message: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Waterside</title></head><body style="font-family:sans-serif;padding:24px"><p>${message}</p>
<p><a href="/">Back to Waterside</a></p></body></html>`;

export const savedSearchesRoutes: FastifyPluginAsyncZod<{ savedSearches: SavedSearchesService }> = async (
  app,
  { savedSearches },
) => {
  app.post(
    "/saved-searches",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["saved searches"],
        summary: `Saves a search (at most ${SAVED_SEARCH_LIMIT}); its name is made from the filters when not given`,
        body: ZSavedSearchCreate,
        response: { 201: envelope(ZSavedSearch) },
      },
    },
    async (request, reply) => {
      const search = await savedSearches.create(currentUser(request).userId, request.body);
      return reply.status(201).send({ data: search, message: SAVED_SEARCH_MESSAGES.saved });
    },
  );

  app.get(
    "/saved-searches",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["saved searches"],
        summary: "The signed-in user's saved searches, newest first, each with its matches since last opened",
        response: { 200: envelope(z.array(ZSavedSearch)) },
      },
    },
    async (request) => ({ data: await savedSearches.list(currentUser(request).userId) }),
  );

  app.patch(
    "/saved-searches/:id",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["saved searches"],
        summary: "Changes a saved search's name, filters, frequency or channels",
        params: ZSavedSearchParams,
        body: ZSavedSearchUpdate,
        response: { 200: envelope(ZSavedSearch) },
      },
    },
    async (request) => ({
      data: await savedSearches.update(currentUser(request).userId, request.params.id, request.body),
      message: SAVED_SEARCH_MESSAGES.updated,
    }),
  );

  app.delete(
    "/saved-searches/:id",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["saved searches"],
        summary: "Deletes a saved search and its matches",
        params: ZSavedSearchParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await savedSearches.remove(currentUser(request).userId, request.params.id);
      return { data: null, message: SAVED_SEARCH_MESSAGES.deleted };
    },
  );

  app.post(
    "/saved-searches/:id/seen",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["saved searches"],
        summary: "Marks the search's matches seen (the web calls it when the search is opened): new_count becomes 0",
        params: ZSavedSearchParams,
        response: { 200: envelope(ZSavedSearch) },
      },
    },
    async (request) => ({ data: await savedSearches.markSeen(currentUser(request).userId, request.params.id) }),
  );

  // The mail's unsubscribe link (RFC 8058): no sign-in, the signed token is the permission. GET is the link a person
  // opens; POST is the mail client's one-click (List-Unsubscribe-Post: List-Unsubscribe=One-Click).
  app.get(
    "/saved-searches/unsubscribe",
    {
      schema: {
        tags: ["saved searches"],
        summary: "Turns a saved search's email off from the mail's signed link, without sign-in (an HTML page)",
        querystring: ZUnsubscribeQuery,
      },
    },
    async (request, reply) => {
      await savedSearches.unsubscribe(request.query.token);
      return reply.type("text/html; charset=utf-8").send(unsubscribedPage(SAVED_SEARCH_MESSAGES.unsubscribed));
    },
  );

  app.post(
    "/saved-searches/unsubscribe",
    {
      schema: {
        tags: ["saved searches"],
        summary: "One-click unsubscribe (RFC 8058) from the mail client: turns the saved search's email off",
        querystring: ZUnsubscribeQuery,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await savedSearches.unsubscribe(request.query.token);
      return { data: null, message: SAVED_SEARCH_MESSAGES.unsubscribed };
    },
  );
};
