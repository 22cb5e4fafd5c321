import { z } from "zod";

/** Every JSON reply is `{ data, message? }` (docs/decisions/001-api-conventions.md). */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data, message: z.string().optional() });

/** A page of a list, with the fields the spec's client reads (current_page, next_page_url …). */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    current_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
    next_page_url: z.string().nullable(),
    /**
     * True when the list has at least `total` items but was not counted further (ad lists count to 1,000); the
     * pages go on while `next_page_url` is set.
     */
    total_is_lower_bound: z.boolean().optional(),
  });

export type TPaged<T> = {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  next_page_url: string | null;
  total_is_lower_bound?: boolean;
};

export const ZApiError = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;
