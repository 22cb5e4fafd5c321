import {
  ZActiveChange,
  ZAdminAttribute,
  ZAdminCategory,
  ZAdminSubcategoryAttribute,
  ZAttributeCreate,
  ZAttributeType,
  ZAttributeUpdate,
  ZCategoryCreate,
  ZCategoryReport,
  ZCategoryUpdate,
  ZIdParams,
  ZOption,
  ZOptionsCreate,
  ZOptionUpdate,
  ZSubcategoriesQuery,
  ZSubcategoryAttributeCreate,
  ZSubcategoryAttributeUpdate,
  ZSubcategoryCreate,
  ZSubcategoryUpdate,
} from "@waterside/shared/admin-catalog";
import { ADMIN_CATALOG_MESSAGES as M } from "@waterside/shared/admin-catalog-messages";
import { ZSubcategory } from "@waterside/shared/catalog";
import { envelope } from "@waterside/shared/api-envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentAdmin } from "../../plugins/auth.ts";
import { PATCH_OR_OVERRIDE } from "../../plugins/request-body.ts";
import type { AttributesService } from "../catalog/attributes.service.ts";
import type { CategoryTreeService } from "../catalog/category-tree.service.ts";
import { auditedBy } from "./admin-audit.ts";

const tags = ["admin"];
/** Each write is the catalog's, recorded in the admin's name with it (decision 049). */
const audit = (request: Parameters<typeof currentAdmin>[0]) => auditedBy(currentAdmin(request).adminId);

/** The picture of a form: `image`, or `images` itself, or the first file under `images[…]`. */
function pickImage(body: { image?: Buffer; images?: Buffer | Record<string, unknown> }): Buffer | undefined {
  if (body.image) return body.image;
  if (Buffer.isBuffer(body.images)) return body.images;
  return Object.values(body.images ?? {}).find((value): value is Buffer => Buffer.isBuffer(value));
}

/**
 * Spec §7 admin catalogue calls (issue 16; decision 051): the catalog module's categories and attributes, each write
 * audited. Registered in the admin scope of app.ts, whose guard
 * refuses visitors (401) and user tokens (403). Updates are PATCH, or POST with _method=patch.
 */
export const adminCatalogRoutes: FastifyPluginAsyncZod<{
  tree: CategoryTreeService;
  attributes: AttributesService;
}> = async (app, { tree, attributes }) => {
  app.get(
    "/admin/categories",
    {
      schema: {
        tags,
        summary: "Every category, active or not, with every subcategory and ads counts",
        response: { 200: envelope(z.array(ZAdminCategory)) },
      },
    },
    async () => ({ data: await tree.listCategories() }),
  );

  app.get(
    "/admin/categories/report",
    {
      schema: {
        tags,
        summary: "Categories report: per category name and active; per subcategory name, active and ads count",
        response: { 200: envelope(ZCategoryReport) },
      },
    },
    async () => ({ data: await tree.report() }),
  );

  app.post(
    "/admin/categories",
    {
      schema: {
        tags,
        summary: "Creates a category (multipart: name, images[category_image]); it starts inactive",
        body: ZCategoryCreate,
        response: { 201: envelope(ZAdminCategory) },
      },
    },
    async (request, reply) => {
      const data = await tree.createCategory(request.body, pickImage(request.body), audit(request));
      return reply.code(201).send({ data, message: M.categoryCreated });
    },
  );

  app.route({
    method: PATCH_OR_OVERRIDE,
    url: "/admin/categories/:id",
    schema: {
      tags,
      summary: "Renames a category, changes its picture or its ads' expiry_days",
      params: ZIdParams,
      body: ZCategoryUpdate,
      response: { 200: envelope(ZAdminCategory) },
    },
    handler: async (request) => ({
      data: await tree.updateCategory(request.params.id, request.body, pickImage(request.body), audit(request)),
      message: M.updated,
    }),
  });

  app.patch(
    "/admin/categories/:id/active",
    {
      schema: {
        tags,
        summary: "Sets {active} or toggles; activating needs an active subcategory (422)",
        params: ZIdParams,
        body: ZActiveChange,
        response: { 200: envelope(ZAdminCategory) },
      },
    },
    async (request) => ({
      data: await tree.setCategoryActive(request.params.id, request.body?.active, audit(request)),
      message: M.updated,
    }),
  );

  app.get(
    "/admin/subcategories",
    {
      schema: {
        tags,
        summary: "Every subcategory, or a category's, active or not",
        querystring: ZSubcategoriesQuery,
        response: { 200: envelope(z.array(ZSubcategory)) },
      },
    },
    async (request) => ({ data: await tree.listSubcategories(request.query.category_id) }),
  );

  app.post(
    "/admin/subcategories",
    {
      schema: {
        tags,
        summary: "Creates a subcategory (multipart: category_id, name, images); it starts inactive",
        body: ZSubcategoryCreate,
        response: { 201: envelope(ZSubcategory) },
      },
    },
    async (request, reply) => {
      const { category_id, name } = request.body;
      const data = await tree.createSubcategory({ category_id, name }, pickImage(request.body), audit(request));
      return reply.code(201).send({ data, message: M.subcategoryCreated });
    },
  );

  app.route({
    method: PATCH_OR_OVERRIDE,
    url: "/admin/subcategories/:id",
    schema: {
      tags,
      summary: "Renames a subcategory or changes its picture",
      params: ZIdParams,
      body: ZSubcategoryUpdate,
      response: { 200: envelope(ZSubcategory) },
    },
    handler: async (request) => ({
      data: await tree.updateSubcategory(request.params.id, request.body, pickImage(request.body), audit(request)),
      message: M.updated,
    }),
  });

  app.patch(
    "/admin/subcategories/:id/active",
    {
      schema: {
        tags,
        summary: "Sets {active} or toggles; with attributes, activating needs an active one (422)",
        params: ZIdParams,
        body: ZActiveChange,
        response: { 200: envelope(ZSubcategory) },
      },
    },
    async (request) => ({
      data: await tree.setSubcategoryActive(request.params.id, request.body?.active, audit(request)),
      message: M.updated,
    }),
  );

  app.get(
    "/admin/subcategories/:id/attributes",
    {
      schema: {
        tags,
        summary: "A subcategory's attributes, active or not, with their options",
        params: ZIdParams,
        response: { 200: envelope(z.array(ZAdminSubcategoryAttribute)) },
      },
    },
    async (request) => ({ data: await attributes.subcategoryAttributes(request.params.id) }),
  );

  app.get(
    "/admin/attribute-types",
    {
      schema: {
        tags,
        summary: "Attribute types (Boolean, Number, Text)",
        response: { 200: envelope(z.array(ZAttributeType)) },
      },
    },
    async (_request, reply) => {
      // Spec §9: clients cache attribute types 5 minutes.
      reply.header("cache-control", "private, max-age=300");
      return { data: await attributes.attributeTypes() };
    },
  );

  app.post(
    "/admin/attributes",
    {
      schema: {
        tags,
        summary: "Creates an attribute; with subcategory_id its name must be new within that subcategory",
        body: ZAttributeCreate,
        response: { 201: envelope(ZAdminAttribute) },
      },
    },
    async (request, reply) => {
      const id = await attributes.createAttribute(request.body, audit(request));
      return reply.code(201).send({ data: await attributes.attribute(id), message: M.attributeCreated });
    },
  );

  app.route({
    method: PATCH_OR_OVERRIDE,
    url: "/admin/attributes/:id",
    schema: {
      tags,
      summary: "Renames an attribute or changes its type",
      params: ZIdParams,
      body: ZAttributeUpdate,
      response: { 200: envelope(ZAdminAttribute) },
    },
    handler: async (request) => {
      await attributes.updateAttribute(request.params.id, request.body, audit(request));
      return { data: await attributes.attribute(request.params.id), message: M.attributeUpdated };
    },
  });

  app.post(
    "/admin/subcategory-attributes",
    {
      schema: {
        tags,
        summary: "Links an attribute to a subcategory with its flags and options (comma-separated or values[])",
        body: ZSubcategoryAttributeCreate,
        response: { 201: envelope(ZAdminSubcategoryAttribute) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await attributes.createSubcategoryAttribute(request.body, audit(request)), message: M.created }),
  );

  app.route({
    method: PATCH_OR_OVERRIDE,
    url: "/admin/subcategory-attributes/:id",
    schema: {
      tags,
      summary: "Changes a subcategory attribute's flags (has_options, is_required, is_restricted, active)",
      params: ZIdParams,
      body: ZSubcategoryAttributeUpdate,
      response: { 200: envelope(ZAdminSubcategoryAttribute) },
    },
    handler: async (request) => ({
      data: await attributes.updateSubcategoryAttribute(request.params.id, request.body, audit(request)),
      message: M.updated,
    }),
  });

  app.delete(
    "/admin/subcategory-attributes/:id",
    {
      schema: {
        tags,
        summary: "Deletes a subcategory attribute with its options (and its attribute if unused); 409 while ads use it",
        params: ZIdParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await attributes.deleteSubcategoryAttribute(request.params.id, audit(request));
      return { data: null, message: M.attributeDeleted };
    },
  );

  app.post(
    "/admin/attribute-options",
    {
      schema: {
        tags,
        summary: "Adds options to a subcategory attribute; values it already has are skipped",
        body: ZOptionsCreate,
        response: { 201: envelope(z.array(ZOption)) },
      },
    },
    async (request, reply) => {
      const { subcategory_attribute_id, values } = request.body;
      const data = await attributes.createOptions(subcategory_attribute_id, values, audit(request));
      return reply.code(201).send({ data, message: M.created });
    },
  );

  app.route({
    method: PATCH_OR_OVERRIDE,
    url: "/admin/attribute-options/:id",
    schema: {
      tags,
      summary: "Changes an option's value",
      params: ZIdParams,
      body: ZOptionUpdate,
      response: { 200: envelope(ZOption) },
    },
    handler: async (request) => ({
      data: await attributes.updateOption(request.params.id, request.body.value, audit(request)),
      message: M.updated,
    }),
  });

  app.delete(
    "/admin/attribute-options/:id",
    { schema: { tags, summary: "Deletes an option", params: ZIdParams, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await attributes.deleteOption(request.params.id, audit(request));
      return { data: null, message: M.deleted };
    },
  );
};
