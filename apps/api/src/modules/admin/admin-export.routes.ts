import type { Readable } from "node:stream";
import { ZAdminAdExportFilters, ZAdminUsersExportQuery } from "@waterside/shared/admin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentAdmin } from "../../plugins/auth.ts";
import type { AdminExportService } from "./admin-export.service.ts";

const CSV = "text/csv; charset=utf-8";
/** A streamed file: documented as CSV text, never serialized as JSON. */
const ZCsvFile = z.custom<Readable>().meta({ type: "string", description: "CSV (RFC 4180), header row first" });

/** CSV exports of the admin users and ads tables as filtered (decision 053); registered inside the admin scope. */
export const adminExportRoutes: FastifyPluginAsyncZod<{ exports: AdminExportService }> = async (app, { exports }) => {
  app.get(
    "/admin/users/export.csv",
    {
      schema: {
        tags: ["admin"],
        summary: "The users table as filtered (search, status, usertype), every row, newest first, as CSV",
        querystring: ZAdminUsersExportQuery,
        produces: [CSV],
        response: { 200: ZCsvFile },
      },
    },
    async (request, reply) => {
      const { fileName, stream } = await exports.users(currentAdmin(request).adminId, request.query);
      return reply.type(CSV).header("content-disposition", `attachment; filename="${fileName}"`).send(stream);
    },
  );

  app.post(
    "/admin/ads/export.csv",
    {
      schema: {
        tags: ["admin"],
        summary: "The ads table as filtered (the body of POST /admin/ads), every row, newest first, as CSV",
        body: ZAdminAdExportFilters.default({}),
        produces: [CSV],
        response: { 200: ZCsvFile },
      },
    },
    async (request, reply) => {
      const { fileName, stream } = await exports.ads(currentAdmin(request).adminId, request.body);
      return reply.type(CSV).header("content-disposition", `attachment; filename="${fileName}"`).send(stream);
    },
  );
};
