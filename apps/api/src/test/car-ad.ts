import { eq } from "drizzle-orm";
import type { Database } from "../db/database.ts";
import { subcategories } from "../db/schema/catalog.ts";

/** Where the tests' ads go: the reference catalog's Cars, whose required attributes `carAdFields` fills. */
export interface Cars {
  id: number;
  category_id: number;
}

export async function findCars(db: Database): Promise<Cars> {
  const [cars] = await db
    .select({ id: subcategories.id, category_id: subcategories.category_id })
    .from(subcategories)
    .where(eq(subcategories.name, "Cars"));
  if (!cars) throw new Error("the reference catalog has no Cars subcategory");
  return cars;
}

/** The fields of a Cars ad as the sell form posts them (spec selling §4), with what a test changes. */
export const carAdFields = (cars: Cars, overrides: Record<string, string> = {}): Record<string, string> => ({
  title: "Toyota Corolla 2014",
  category_id: String(cars.category_id),
  subcategory_id: String(cars.id),
  location: "Sinkor, Montserrado",
  price: "6500",
  description: "Clean car, AC cold, papers complete.",
  "attributes[Brand]": "Toyota",
  "attributes[Year]": "2014",
  "attributes[Condition]": "Foreign Used",
  "attributes[Transmission]": "Automatic",
  ...overrides,
});

/** An ad's multipart form: its fields, then its photos as `images[]` in order. */
export function adForm(fields: Record<string, string>, photos: Array<{ body: Buffer; name: string }>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const { body, name } of photos) form.append("images[]", new Blob([body]), name);
  return form;
}
