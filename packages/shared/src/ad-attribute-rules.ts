/**
 * What an ad's attribute values must hold (spec selling §5 "Ad step 2"), in one place for the API's check on
 * create and edit and the sell wizard's step 2 in the browser. Without zod, so the web's sell chunk stays light.
 */
import { ATTRIBUTE_TYPE } from "./reference-ids.ts";
import { SELLING_MESSAGES } from "./selling-messages.ts";
import type { TSubcategoryAttribute } from "./selling.ts";

/** One active attribute of a subcategory, as the check needs it (the API's `AttributeRule` has this shape). */
export interface AdAttributeRule {
  name: string;
  /** An `ATTRIBUTE_TYPE` id: Boolean, Number or Text. */
  type: number;
  required: boolean;
  /** Only one of `options` is accepted, when there are any. */
  restricted: boolean;
  options: readonly string[];
}

/**
 * The message for one value, or undefined when it is acceptable. The value is trimmed; empty means not given,
 * which only a required attribute refuses. Then: Boolean is "Yes" or "No", Number is a finite number, and a
 * restricted attribute with options takes one of them.
 */
export function attributeValueError(rule: AdAttributeRule, value: string | null | undefined): string | undefined {
  const text = value?.trim() ?? "";
  if (!text) return rule.required ? SELLING_MESSAGES.attributeRequired(rule.name) : undefined;
  if (rule.type === ATTRIBUTE_TYPE.Boolean && text !== "Yes" && text !== "No") {
    return SELLING_MESSAGES.attributeBoolean(rule.name);
  }
  if (rule.type === ATTRIBUTE_TYPE.Number && !Number.isFinite(Number(text))) {
    return SELLING_MESSAGES.attributeNumber(rule.name);
  }
  if (rule.restricted && rule.options.length > 0 && !rule.options.includes(text)) {
    return SELLING_MESSAGES.attributeOption(rule.name);
  }
  return undefined;
}

/**
 * Checks every rule against the values keyed by attribute name (the form's `attributes`). Returns the errors by
 * field name as the API reports them (`attributes.{name}`), and the values to store: trimmed and non-empty, in
 * the rules' order. Values of attributes the subcategory does not have are ignored.
 */
export function checkAdAttributes<R extends AdAttributeRule>(
  rules: readonly R[],
  values: Readonly<Record<string, unknown>>,
): { errors: Record<string, string>; accepted: Array<{ rule: R; value: string }> } {
  const errors: Record<string, string> = {};
  const accepted: Array<{ rule: R; value: string }> = [];
  for (const rule of rules) {
    // Own keys only: an attribute named like an Object.prototype member must not read the prototype.
    const given = Object.hasOwn(values, rule.name) ? values[rule.name] : undefined;
    const value = typeof given === "string" ? given.trim() : "";
    const error = attributeValueError(rule, value);
    if (error) errors[`attributes.${rule.name}`] = error;
    else if (value) accepted.push({ rule, value });
  }
  return { errors, accepted };
}

/** The rule of an attribute as `GET /subcategories/{id}/attributes` describes it to clients. */
export const attributeRuleOf = (attribute: TSubcategoryAttribute): AdAttributeRule => ({
  name: attribute.attribute.name,
  type: attribute.attribute.attribute_type_id,
  required: attribute.is_required,
  restricted: attribute.is_restricted,
  options: attribute.options.map((option) => option.value),
});
