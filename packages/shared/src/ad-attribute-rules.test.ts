import { attributeRuleOf, checkAdAttributes } from "./ad-attribute-rules.ts";
import { ATTRIBUTE_TYPE } from "./reference-ids.ts";
import type { TSubcategoryAttribute } from "./selling.ts";
import { describe, expect, it } from "vitest";

/** Attributes as GET /subcategories/{id}/attributes sends them, which the wizard's step 2 checks. */
function attribute(
  id: number,
  name: string,
  type: keyof typeof ATTRIBUTE_TYPE,
  { required = false, restricted = false, options = [] as string[] } = {},
): TSubcategoryAttribute {
  return {
    id,
    subcategory_id: 1,
    attribute_id: id,
    has_options: options.length > 0,
    is_required: required,
    is_restricted: restricted,
    attribute: { id, name, attribute_type_id: ATTRIBUTE_TYPE[type], attribute_type: { name: type } },
    options: options.map((value, index) => ({ id: index + 1, value })),
  };
}

const trucks = [
  attribute(1, "Vehicle Type", "Text", { required: true, restricted: true, options: ["Pickup", "Tipper"] }),
  attribute(2, "Brand", "Text", { required: true, options: ["Toyota", "Isuzu"] }),
  attribute(3, "Year", "Number"),
  attribute(4, "Air Conditioning", "Boolean"),
].map(attributeRuleOf);

describe("the sell wizard's step 2 check (shared with the API)", () => {
  it("refuses in the API's words: required, Yes/No, numbers and restricted options", () => {
    const { errors } = checkAdAttributes(trucks, {
      "Vehicle Type": "Van",
      Brand: "  ",
      Year: "two thousand",
      "Air Conditioning": "maybe",
    });
    expect(errors).toEqual({
      "attributes.Vehicle Type": "Vehicle Type must be one of its options",
      "attributes.Brand": "Brand is required",
      "attributes.Year": "Year must be a number",
      "attributes.Air Conditioning": "Air Conditioning must be Yes or No",
    });
  });

  it("accepts trimmed values in the rules' order, suggestions as free text, and leaves optional ones out", () => {
    const { errors, accepted } = checkAdAttributes(trucks, {
      Brand: " Mitsubishi ",
      "Vehicle Type": "Pickup",
      Year: "",
      Colour: "red",
    });
    expect(errors).toEqual({});
    expect(accepted.map(({ rule, value }) => [rule.name, value])).toEqual([
      ["Vehicle Type", "Pickup"],
      ["Brand", "Mitsubishi"],
    ]);
  });

  it("reads only the form's own values, never Object.prototype", () => {
    const rules = [attribute(5, "constructor", "Text", { required: true })].map(attributeRuleOf);
    expect(checkAdAttributes(rules, {}).errors).toEqual({ "attributes.constructor": "constructor is required" });
  });
});
