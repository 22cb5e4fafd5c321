import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { IMAGE_MESSAGES } from "@waterside/shared/images-messages";
import { SELLING_MESSAGES } from "@waterside/shared/selling-messages";
import { ImageRejectedError } from "../lib/images.ts";

/** An error a service throws on purpose; its status and message reach the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 422 | 429 | 503,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Further top-level fields of the reply, e.g. `registration_required` of a phone sign-in (issue 27). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what = "Resource") => new HttpError(404, `${what} not found.`);

/** 422 with one field's message, in the shape validation errors take. */
export const fieldError = (field: string, message: string) => new HttpError(422, message, { [field]: [message] });

/**
 * One shape for every failure: `{ message, errors? }`. Validation is 422 with field messages;
 * anything unexpected is logged and answered with a generic 500, never a stack trace.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
        (errors[field || "_"] ??= []).push(issue.message ?? "is invalid");
      }
      const [first] = Object.values(errors).flat();
      return reply.status(422).send({ message: first ?? "The given data was invalid.", errors });
    }
    if (error instanceof ImageRejectedError) {
      return reply.status(422).send({ message: error.message, errors: { [error.field]: [error.message] } });
    }
    // A file over the upload limit (docs/decisions/001-api-conventions.md): a field error, not a bare 413.
    if (error.code === "FST_REQ_FILE_TOO_LARGE") {
      return reply
        .status(422)
        .send({ message: IMAGE_MESSAGES.tooLarge, errors: { images: [IMAGE_MESSAGES.tooLarge] } });
    }
    if (error.code === "FST_FILES_LIMIT") {
      return reply
        .status(422)
        .send({ message: SELLING_MESSAGES.imagesMax, errors: { images: [SELLING_MESSAGES.imagesMax] } });
    }
    // A multipart body that cannot be read (no or wrong boundary, cut short): the client's fault, said plainly.
    if (isBrokenMultipart(error)) {
      return reply.status(400).send({ message: "The multipart body could not be read. Please send the form again." });
    }
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .send({ message: error.message, ...(error.errors && { errors: error.errors }), ...error.details });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.status(500).send({ message: "Something went wrong on our side. Please try again." });
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type): their text is safe to show.
    return reply.status(status).send({ message: error.message });
  });
});

/** busboy's errors carry no code or status: its messages are the only mark. */
const BROKEN_MULTIPART =
  /^(Multipart: Boundary not found|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data)$/;
const isBrokenMultipart = (error: FastifyError) =>
  error.statusCode === undefined && BROKEN_MULTIPART.test(error.message);

/** Unknown paths under /api (and /media) answer JSON, never the web app's page. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ message: `No route for ${request.method} ${request.url.split("?")[0]}.` });
}
