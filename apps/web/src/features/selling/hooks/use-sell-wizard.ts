import { zodResolver } from "@hookform/resolvers/zod";
import { attributeRuleOf, checkAdAttributes } from "@waterside/shared/ad-attribute-rules";
import type { TAdDetail } from "@waterside/shared/ads";
import { AD_IMAGES_MAX, AD_IMAGES_MIN } from "@waterside/shared/images";
import { ZAdForm, type TSubcategoryAttribute } from "@waterside/shared/selling";
import { SELLING_MESSAGES } from "@waterside/shared/selling-messages";
import { useEffect, useState } from "react";
import { useForm, useWatch, type FieldPath } from "react-hook-form";
import { useNavigate } from "react-router";
import {
  emptyValues,
  newDraftId,
  picturesOfDraft,
  removeDraft,
  saveDraft,
  valuesOfAd,
  type AdDraft,
  type AdFormValues,
  type FormPicture,
} from "~/lib/ad-drafts";
import { ApiError, browserTransport } from "~/lib/api-client";
import { notify } from "~/lib/notify";
import { createAd } from "../api/create-ad";
import { getSubcategoryAttributes } from "../api/get-subcategory-attributes";
import { updateAd } from "../api/update-ad";

export const STEPS = ["Post Detail", "Product Details", "Boost"] as const;
export type Step = 0 | 1 | 2;

const STEP_ONE: Array<FieldPath<AdFormValues>> = [
  "title",
  "category_id",
  "subcategory_id",
  "location",
  "price",
  "description",
];

/** Spec selling §2: a draft's values, else the ad's being edited, else an empty form. */
function initialForm(ad: TAdDetail | undefined, draft: AdDraft | undefined) {
  if (draft) return { values: draft.values, pictures: picturesOfDraft(draft) };
  if (ad) return valuesOfAd(ad);
  return { values: emptyValues, pictures: [] as FormPicture[] };
}

/**
 * The sell wizard's state and rules (spec selling §2, §4, §5): the form, its pictures, the current step and the
 * checks that guard each step, saving a draft, and sending the ad with the upload's progress. Step 2 is checked
 * with the API's own rule (`@waterside/shared/ad-attribute-rules`), so the browser says what the server would.
 */
export function useSellWizard({
  ad,
  draft,
  draftId,
}: {
  ad: TAdDetail | undefined;
  draft: AdDraft | undefined;
  draftId: string | null;
}) {
  const navigate = useNavigate();
  const [initial] = useState(() => initialForm(ad, draft));
  const [step, setStep] = useState<Step>(0);
  const [pictures, setPictures] = useState<FormPicture[]>(initial.pictures);
  const [picturesError, setPicturesError] = useState<string>();
  const [progress, setProgress] = useState<number | null>(null);
  const [attributeRules, setAttributeRules] = useState<TSubcategoryAttribute[] | null>(null);
  const form = useForm<AdFormValues>({ resolver: zodResolver(ZAdForm) as never, defaultValues: initial.values });
  const subcategoryId = useWatch({ control: form.control, name: "subcategory_id" });

  useEffect(() => {
    if (!subcategoryId) return;
    let current = true;
    getSubcategoryAttributes(browserTransport, subcategoryId)
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

  /** Spec selling §5 "Ad step 2": required attributes, Yes/No, numbers and options, in the API's words. */
  function checkStepTwo() {
    const rules = attributeRules ?? [];
    const result = checkAdAttributes(rules.map(attributeRuleOf), form.getValues("attributes") ?? {});
    for (const rule of rules) {
      const field = `attributes.${rule.attribute.name}` as const;
      const message = result.errors[field];
      if (message) form.setError(field, { message });
      else form.clearErrors(field);
    }
    return result;
  }

  const validStepTwo = () => Object.keys(checkStepTwo().errors).length === 0;

  async function next() {
    if (step === 0 && (await validStepOne())) setStep(1);
    if (step === 1 && validStepTwo()) setStep(2);
  }

  const back = () => setStep((current) => (current > 0 ? ((current - 1) as Step) : current));

  /** Spec selling §2: 'Boost Your Ad' validates steps 1 and 2 first, else back to step 1. */
  async function boost() {
    if ((await validStepOne()) && validStepTwo()) setStep(2);
    else setStep(0);
  }

  function changePictures(next: FormPicture[]) {
    setPictures(next);
    setPicturesError(undefined);
  }

  /** A new category empties the subcategory and the attributes asked for. */
  function categoryChanged() {
    form.setValue("subcategory_id", "");
    setAttributeRules(null);
  }

  async function saveAsDraft() {
    const id = draftId ?? (ad ? String(ad.id) : newDraftId());
    try {
      await saveDraft(id, form.getValues(), pictures);
      notify("success", SELLING_MESSAGES.savedToDraft);
      navigate("/profile");
    } catch {
      notify("error", "Could not save the draft on this device.");
    }
  }

  async function submit() {
    if (!(await validStepOne())) return setStep(0);
    const { errors, accepted } = checkStepTwo();
    if (Object.keys(errors).length > 0) return setStep(0);
    const submission = {
      values: form.getValues(),
      attributes: accepted.map(({ rule, value }) => ({ name: rule.name, value })),
      pictures,
    };
    setProgress(0);
    try {
      if (ad) await updateAd(ad.id, submission, setProgress);
      else await createAd(submission, setProgress);
      if (draftId) await removeDraft(draftId);
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

  return {
    form,
    editing: Boolean(ad),
    step,
    next,
    back,
    boost,
    pictures,
    changePictures,
    picturesError,
    attributeRules,
    categoryChanged,
    progress,
    saveAsDraft,
    submit,
  };
}

export type SellWizard = ReturnType<typeof useSellWizard>;
