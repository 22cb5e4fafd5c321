import { zodResolver } from "@hookform/resolvers/zod";
import type { TAdDetail } from "@waterside/shared/ads";
import { BRAND } from "@waterside/shared/brand";
import type { TCategory, TCounty } from "@waterside/shared/catalog";
import { AD_IMAGES_MAX, AD_IMAGES_MIN } from "@waterside/shared/images";
import { ZAdForm, type TSubcategoryAttribute } from "@waterside/shared/selling";
import { SELLING_MESSAGES } from "@waterside/shared/selling-messages";
import { useEffect, useState } from "react";
import { useForm, useWatch, type FieldPath } from "react-hook-form";
import { redirect, useNavigate } from "react-router";
import type { Route } from "./+types/sell";
import { FormField, inputClass, primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-field";
import { ApiError, apiData, browserTransport } from "~/lib/api-client";
import { notify } from "~/lib/notify";
import { authedData, currentSession, rememberReturnRoute } from "~/lib/session";
import {
  emptyValues,
  loadDraft,
  newDraftId,
  picturesOfDraft,
  removeDraft,
  saveDraft,
  valuesOfAd,
  type AdFormValues,
  type FormPicture,
} from "~/lib/ad-drafts";
import { PhotoManager } from "../components/photo-manager";
import { uploadForm } from "../upload";

export const meta: Route.MetaFunction = () => [{ title: `Sell | ${BRAND}` }, { name: "robots", content: "noindex" }];

/**
 * Spec selling §2: edit mode when an ad id is in the route, or a draft id without the 'draft-' prefix;
 * `?draft=` loads a locally saved draft.
 */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  if (!currentSession()) {
    rememberReturnRoute(url.pathname + url.search);
    throw redirect("/auth");
  }
  const draftId = url.searchParams.get("draft");
  const draft = draftId ? await loadDraft(draftId) : undefined;
  const adId = params.adId ?? (draftId && !draftId.startsWith("draft-") ? draftId : undefined);
  const [categories, counties, ad] = await Promise.all([
    apiData<TCategory[]>(browserTransport, "/categories/active"),
    apiData<TCounty[]>(browserTransport, "/locations"),
    adId ? authedData<TAdDetail>(`/ads/id/${adId}?load=lastest_subscription`) : undefined,
  ]);
  return { categories, counties, ad, draft, draftId: draft ? draftId : null };
}

export function HydrateFallback() {
  return <div className="mx-auto min-h-[60vh] max-w-3xl animate-pulse px-4 py-8" aria-busy="true" />;
}

const STEPS = ["Post Detail", "Product Details", "Boost"] as const;
const STEP_ONE: Array<FieldPath<AdFormValues>> = [
  "title",
  "category_id",
  "subcategory_id",
  "location",
  "price",
  "description",
];

export default function Sell({ loaderData }: Route.ComponentProps) {
  const { categories, counties, ad, draft } = loaderData;
  const navigate = useNavigate();
  const editing = Boolean(ad);
  const initial = draft
    ? { values: draft.values, pictures: picturesOfDraft(draft) }
    : ad
      ? valuesOfAd(ad)
      : { values: emptyValues, pictures: [] as FormPicture[] };
  const [step, setStep] = useState(0);
  const [pictures, setPictures] = useState<FormPicture[]>(initial.pictures);
  const [picturesError, setPicturesError] = useState<string>();
  const [progress, setProgress] = useState<number | null>(null);
  const [attributeRules, setAttributeRules] = useState<TSubcategoryAttribute[] | null>(null);
  const form = useForm<AdFormValues>({ resolver: zodResolver(ZAdForm) as never, defaultValues: initial.values });
  const { errors } = form.formState;
  const categoryId = useWatch({ control: form.control, name: "category_id" });
  const subcategoryId = useWatch({ control: form.control, name: "subcategory_id" });
  const category = categories.find((entry) => String(entry.id) === categoryId);

  useEffect(() => {
    if (!subcategoryId) return;
    let current = true;
    apiData<TSubcategoryAttribute[]>(browserTransport, `/subcategories/${subcategoryId}/attributes`)
      .then((rules) => current && setAttributeRules(rules))
      .catch(() => current && setAttributeRules([]));
    return () => {
      current = false;
    };
  }, [subcategoryId]);

  async function validStepOne() {
    const fieldsValid = await form.trigger(STEP_ONE);
    const count = pictures.length;
    const pictureError =
      count < AD_IMAGES_MIN
        ? SELLING_MESSAGES.imagesMin
        : count > AD_IMAGES_MAX
          ? SELLING_MESSAGES.imagesMax
          : undefined;
    setPicturesError(pictureError);
    return fieldsValid && !pictureError;
  }

  /** Spec selling §5 "Ad step 2": required attributes, Yes/No, options, numbers. */
  function validStepTwo() {
    let valid = true;
    for (const rule of attributeRules ?? []) {
      const name = rule.attribute.name;
      const value = form.getValues(`attributes.${name}`)?.trim() ?? "";
      const message = !value
        ? rule.is_required
          ? SELLING_MESSAGES.attributeRequired(name)
          : undefined
        : rule.attribute.attribute_type.name === "Number" && !Number.isFinite(Number(value))
          ? SELLING_MESSAGES.attributeNumber(name)
          : undefined;
      if (message) {
        form.setError(`attributes.${name}`, { message });
        valid = false;
      } else form.clearErrors(`attributes.${name}`);
    }
    return valid;
  }

  async function next() {
    if (step === 0 && (await validStepOne())) setStep(1);
    if (step === 1 && validStepTwo()) setStep(2);
  }

  /** Spec selling §2: 'Boost Your Ad' validates steps 1 and 2 first, else back to step 1. */
  async function boost() {
    if ((await validStepOne()) && validStepTwo()) setStep(2);
    else setStep(0);
  }

  async function saveAsDraft() {
    const id = loaderData.draftId ?? (ad ? String(ad.id) : newDraftId());
    try {
      await saveDraft(id, form.getValues(), pictures);
      notify("success", SELLING_MESSAGES.savedToDraft);
      navigate("/profile");
    } catch {
      notify("error", "Could not save the draft on this device.");
    }
  }

  async function submit() {
    if (!((await validStepOne()) && validStepTwo())) return setStep(0);
    const values = form.getValues();
    const body = new FormData();
    for (const key of ["title", "category_id", "subcategory_id", "location", "price", "description"] as const) {
      body.append(key, values[key].trim());
    }
    const wanted = new Set((attributeRules ?? []).map((rule) => rule.attribute.name));
    for (const [name, value] of Object.entries(values.attributes ?? {})) {
      if (wanted.has(name) && value?.trim()) body.append(`attributes[${name}]`, value.trim());
    }
    if (ad) {
      body.append("_method", "patch");
      body.append("ad_id", String(ad.id));
      pictures.forEach((picture, order) => {
        if (picture.kind === "existing") {
          body.append(`images[update][${order}][id]`, String(picture.id));
          body.append(`images[update][${order}][order]`, String(order));
        } else {
          body.append(`images[upload][${order}][file]`, picture.blob, `photo-${order}.webp`);
          body.append(`images[upload][${order}][order]`, String(order));
        }
      });
    } else {
      pictures.forEach((picture, order) => {
        if (picture.kind === "new") body.append("images[]", picture.blob, `photo-${order}.webp`);
      });
    }
    setProgress(0);
    try {
      await uploadForm<TAdDetail>(ad ? `/ads/${ad.id}` : "/ads/create", body, setProgress);
      if (loaderData.draftId) await removeDraft(loaderData.draftId);
      notify("success", ad ? SELLING_MESSAGES.updated : SELLING_MESSAGES.created);
      navigate("/profile");
    } catch (error) {
      setProgress(null);
      notify("error", ad ? SELLING_MESSAGES.updateFailed : SELLING_MESSAGES.createFailed);
      // Nothing typed is lost: the form stays as it was, with the server's words under the fields.
      if (error instanceof ApiError) {
        for (const [field, messages] of Object.entries(error.errors ?? {})) {
          if (field.startsWith("images")) setPicturesError(messages[0]);
          else form.setError(field as FieldPath<AdFormValues>, { message: messages[0] });
        }
        const fields = Object.keys(error.errors ?? {});
        if (fields.some((field) => !field.startsWith("attributes."))) setStep(0);
        else if (fields.length) setStep(1);
      }
    }
  }

  return (
    <div className="mx-auto max-w-3xl space-y-5 px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-semibold">{editing ? "Edit your ad" : "Post an ad"}</h1>
      <ol className="grid grid-cols-3 gap-2 text-xs font-medium sm:text-sm" aria-label="Steps">
        {STEPS.map((label, index) => (
          <li
            key={label}
            aria-current={index === step ? "step" : undefined}
            className={`rounded-full px-2 py-1.5 text-center ${index <= step ? "bg-emerald-700 text-white" : "bg-slate-100 text-slate-600"}`}
          >
            {index + 1}. {label}
          </li>
        ))}
      </ol>
      {editing && step < 2 && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
          <p className="text-sm text-amber-900">Get more buyers: put your ad on top of the list.</p>
          <button type="button" className={secondaryButtonClass} onClick={boost}>
            Boost Your Ad
          </button>
        </div>
      )}

      <form
        noValidate
        onSubmit={(event) => event.preventDefault()}
        aria-label={STEPS[step]}
        className="space-y-5 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
      >
        {step === 0 && (
          <>
            <FormField label="Title" required error={errors.title?.message}>
              {(field) => <input {...field} {...form.register("title")} className={inputClass} maxLength={120} />}
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Category" required error={errors.category_id?.message}>
                {(field) => (
                  <select
                    {...field}
                    {...form.register("category_id", {
                      onChange: () => {
                        form.setValue("subcategory_id", "");
                        setAttributeRules(null);
                      },
                    })}
                    className={inputClass}
                  >
                    <option value="">Select Category</option>
                    {categories.map((entry) => (
                      <option key={entry.id} value={entry.id}>
                        {entry.name}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <FormField label="Subcategory" required error={errors.subcategory_id?.message}>
                {(field) => (
                  <select {...field} {...form.register("subcategory_id")} className={inputClass} disabled={!category}>
                    <option value="">Select Subcategory</option>
                    {category?.subcategories.map((entry) => (
                      <option key={entry.id} value={entry.id}>
                        {entry.name}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <FormField label="Location" required error={errors.location?.message}>
                {(field) => (
                  <select {...field} {...form.register("location")} className={inputClass}>
                    <option value="">Select Location</option>
                    {counties.map((county) => (
                      <optgroup key={county.id} label={`${county.name} County`}>
                        {county.areas.map((area) => (
                          <option key={area.id} value={`${area.name}, ${county.name}`}>
                            {area.name}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </select>
                )}
              </FormField>
              <FormField label="Price (USD)" required error={errors.price?.message}>
                {(field) => (
                  <input
                    {...field}
                    {...form.register("price")}
                    inputMode="decimal"
                    className={inputClass}
                    placeholder="e.g. 250"
                  />
                )}
              </FormField>
            </div>
            <FormField label="Description" required error={errors.description?.message}>
              {(field) => <textarea {...field} {...form.register("description")} rows={5} className={inputClass} />}
            </FormField>
            <PhotoManager
              pictures={pictures}
              onChange={(next) => {
                setPictures(next);
                setPicturesError(undefined);
              }}
              error={picturesError}
            />
          </>
        )}

        {step === 1 && (
          <div className="grid gap-4 sm:grid-cols-2">
            {attributeRules === null && <p aria-busy="true">Loading...</p>}
            {attributeRules?.length === 0 && <p className="text-slate-600">No details to add for this subcategory.</p>}
            {attributeRules?.map((rule) => (
              <AttributeInput
                key={rule.id}
                rule={rule}
                form={form}
                error={errors.attributes?.[rule.attribute.name]?.message}
              />
            ))}
          </div>
        )}

        {step === 2 && (
          <div className="space-y-2">
            <h2 className="text-lg font-semibold">Boost your ad</h2>
            <p className="text-slate-600">
              Boost packages paid with MTN Mobile Money are coming soon. Your ad is free to post: skip this step to
              publish it now.
            </p>
          </div>
        )}

        {progress !== null && (
          <div className="space-y-1" aria-live="polite">
            <p className="text-sm font-medium">{editing ? "Updating Ad..." : "Creating Ad..."}</p>
            <progress value={progress} max={1} className="h-2 w-full accent-emerald-700" aria-label="Upload progress" />
          </div>
        )}

        <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-4">
          {step > 0 && (
            <button type="button" className={secondaryButtonClass} onClick={() => setStep(step - 1)}>
              Back
            </button>
          )}
          <button type="button" className={secondaryButtonClass} onClick={saveAsDraft} disabled={progress !== null}>
            Save draft
          </button>
          {step < 2 ? (
            <button type="button" className={`${primaryButtonClass} ml-auto`} onClick={next}>
              Next
            </button>
          ) : (
            <button
              type="button"
              className={`${primaryButtonClass} ml-auto`}
              onClick={submit}
              disabled={progress !== null}
            >
              {editing ? "Skip and update" : "Skip and post"}
            </button>
          )}
        </div>
      </form>
    </div>
  );
}

/** Spec selling §5 "Ad step 2": Yes/No select, a select of options when restricted, else free text with suggestions. */
function AttributeInput({
  rule,
  form,
  error,
}: {
  rule: TSubcategoryAttribute;
  form: ReturnType<typeof useForm<AdFormValues>>;
  error?: string;
}) {
  const name = rule.attribute.name;
  const type = rule.attribute.attribute_type.name;
  const listId = `suggestions-${rule.id}`;
  return (
    <FormField label={name} required={rule.is_required} error={error}>
      {(field) =>
        type === "Boolean" ? (
          <select {...field} {...form.register(`attributes.${name}`)} className={inputClass}>
            <option value="">Select</option>
            <option value="Yes">Yes</option>
            <option value="No">No</option>
          </select>
        ) : rule.is_restricted && rule.options.length > 0 ? (
          <select {...field} {...form.register(`attributes.${name}`)} className={inputClass}>
            <option value="">Select</option>
            {rule.options.map((option) => (
              <option key={option.id} value={option.value}>
                {option.value}
              </option>
            ))}
          </select>
        ) : (
          <>
            <input
              {...field}
              {...form.register(`attributes.${name}`)}
              inputMode={type === "Number" ? "numeric" : undefined}
              list={rule.options.length ? listId : undefined}
              className={inputClass}
            />
            {rule.options.length > 0 && (
              <datalist id={listId}>
                {rule.options.map((option) => (
                  <option key={option.id} value={option.value} />
                ))}
              </datalist>
            )}
          </>
        )
      }
    </FormField>
  );
}
