import { zodResolver } from "@hookform/resolvers/zod";
import { attributeRuleOf, checkAdAttributes } from "@waterside/shared/ad-attribute-rules";
import type { TAdDetail, TLatestSubscription } from "@waterside/shared/ads";
import { AD_IMAGES_MAX, AD_IMAGES_MIN } from "@waterside/shared/images";
import type { TPackage } from "@waterside/shared/payments";
import { PAYMENT_MESSAGES } from "@waterside/shared/payments-messages";
import { ZAdForm, type TSubcategoryAttribute } from "@waterside/shared/selling";
import { SELLING_MESSAGES } from "@waterside/shared/selling-messages";
import { useEffect, useMemo, useRef, useState } from "react";
import { useForm, useWatch, type FieldPath } from "react-hook-form";
import { useLocation, useNavigate } from "react-router";
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
import { ApiError, browserTransport, withSignal } from "~/lib/api-client";
import { notify } from "~/lib/notify";
import { keepQueuedAd } from "~/lib/queued-ads";
import { currentSession } from "~/lib/session";
import { enqueueWrite, isOfflineFailure, newIdempotencyKey } from "~/lib/write-queue";
import { isBoostStepState } from "~/lib/sell-navigation";
import { useLoad } from "~/lib/use-load";
import { createAd } from "../api/create-ad";
import { getSubcategoryAttributes } from "../api/get-subcategory-attributes";
import { updateAd } from "../api/update-ad";

export const STEPS = ["Post Detail", "Product Details", "Boost"] as const;
export type Step = 0 | 1 | 2;

/**
 * What the wizard needs of a purchase: whether one is under way, and starting one for the saved ad. The payments
 * feature's purchase flow, handed in by the page (app/routes/sell.tsx).
 */
export interface SellPurchase {
  busy: boolean;
  start: (order: { packageId: number; packageName: string; price: number; adId: number }) => void;
}

/** The ad being edited, read with its latest subscription (spec selling §2). */
export type EditedAd = TAdDetail & { lastest_subscription?: TLatestSubscription | null };

const STEP_ONE: Array<FieldPath<AdFormValues>> = [
  "title",
  "category_id",
  "subcategory_id",
  "location",
  "price",
  "currency",
  "description",
];

/** Spec selling §2: a draft's values, else the ad's being edited, else an empty form. */
function initialForm(ad: EditedAd | undefined, draft: AdDraft | undefined) {
  // A draft saved before issue 30 has no currency: it was priced in US$, as every ad then.
  if (draft) return { values: { ...emptyValues, ...draft.values }, pictures: picturesOfDraft(draft) };
  if (ad) return valuesOfAd(ad);
  return { values: emptyValues, pictures: [] as FormPicture[] };
}

/**
 * The sell wizard's state and rules (spec selling §2, §4, §5): the form, its pictures, the current step and the
 * checks that guard each step, saving a draft, and sending the ad with the upload's progress. Step 2 is checked
 * with the API's own rule (`@waterside/shared/ad-attribute-rules`), so the browser says what the server would.
 * Step 3's Purchase saves the ad, then runs the purchase flow for the chosen package (spec selling §4).
 */
export function useSellWizard({
  ad,
  draft,
  draftId,
  purchase: purchaseFlow,
}: {
  ad: EditedAd | undefined;
  draft: AdDraft | undefined;
  draftId: string | null;
  purchase: SellPurchase;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [initial] = useState(() => initialForm(ad, draft));
  // Spec selling §2: navigation state step=boostStep opens step 3 directly; Purchase still checks steps 1 and 2.
  const [step, setStep] = useState<Step>(() => (ad && isBoostStepState(location.state) ? 2 : 0));
  const [pictures, setPictures] = useState<FormPicture[]>(initial.pictures);
  // A draft handed back after the server refused it from the queue (decision 104) opens with the server's words.
  const [picturesError, setPicturesError] = useState<string | undefined>(
    () => Object.entries(draft?.refusal?.errors ?? {}).find(([field]) => field.startsWith("images"))?.[1][0],
  );
  // One key for every try of this post: a post whose answer was lost, sent again or queued, is made once (decision
  // 104). A refusal does not use it up on the server, so a corrected form is sent with it too.
  const [postKey] = useState(newIdempotencyKey);
  const [progress, setProgress] = useState<number | null>(null);
  const [selectedPackage, setSelectedPackage] = useState<TPackage | null>(null);
  const [packageError, setPackageError] = useState<string | null>(null);
  const [purchasing, setPurchasing] = useState(false);
  const form = useForm<AdFormValues>({ resolver: zodResolver(ZAdForm) as never, defaultValues: initial.values });
  const subcategoryId = useWatch({ control: form.control, name: "subcategory_id" });
  useEffect(() => {
    for (const [field, messages] of Object.entries(draft?.refusal?.errors ?? {})) {
      if (!field.startsWith("images")) form.setError(field as FieldPath<AdFormValues>, { message: messages[0] });
    }
    // Once, when the draft opens: later changes are the user's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const rules = useLoad(
    subcategoryId ? (signal) => getSubcategoryAttributes(withSignal(browserTransport, signal), subcategoryId) : null,
    subcategoryId,
  );
  // Null while they load (or no subcategory is chosen); a subcategory whose rules cannot be read asks for nothing.
  const attributeRules = useMemo<TSubcategoryAttribute[] | null>(
    () => (rules.error ? [] : (rules.data ?? null)),
    [rules.error, rules.data],
  );
  // Next (or Boost) tapped before step 2's rules arrived waits for them: passing unchecked would skip the required
  // details. The waiters are handed the rules when they come.
  const rulesWaiters = useRef<Array<(rules: TSubcategoryAttribute[]) => void>>([]);
  useEffect(() => {
    if (attributeRules !== null) for (const handOver of rulesWaiters.current.splice(0)) handOver(attributeRules);
  }, [attributeRules]);
  const rulesOfStepTwo = () =>
    attributeRules !== null
      ? Promise.resolve(attributeRules)
      : new Promise<TSubcategoryAttribute[]>((resolve) => rulesWaiters.current.push(resolve));

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
  function checkStepTwo(rules = attributeRules ?? []) {
    const result = checkAdAttributes(rules.map(attributeRuleOf), form.getValues("attributes") ?? {});
    for (const rule of rules) {
      const field = `attributes.${rule.attribute.name}` as const;
      const message = result.errors[field];
      if (message) form.setError(field, { message });
      else form.clearErrors(field);
    }
    return result;
  }

  const validStepTwo = (rules?: TSubcategoryAttribute[]) => Object.keys(checkStepTwo(rules).errors).length === 0;

  /** Step 3 once step 2's rules pass; while they load, step 2 shows "Loading..." and the move waits for them. */
  async function leaveStepTwo() {
    setStep(1);
    const valid = validStepTwo(await rulesOfStepTwo());
    // Unless the seller went back meanwhile.
    setStep((current) => (current === 1 && valid ? 2 : current));
  }

  async function next() {
    if (step === 0 && (await validStepOne())) setStep(1);
    if (step === 1) await leaveStepTwo();
  }

  const back = () => setStep((current) => (current > 0 ? ((current - 1) as Step) : current));

  /** Spec selling §2: 'Boost Your Ad' validates steps 1 and 2 first, else back to step 1. */
  async function boost() {
    const valid = (await validStepOne()) && validStepTwo(await rulesOfStepTwo());
    setStep(valid ? 2 : 0);
  }

  function changePictures(next: FormPicture[]) {
    setPictures(next);
    setPicturesError(undefined);
  }

  /** A new category empties the subcategory and the attributes asked for. */
  function categoryChanged() {
    form.setValue("subcategory_id", "");
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

  /**
   * A new ad that could not reach the server waits, photos and all, in the queue of writes (issue 31, decision 104)
   * and is posted when the connection returns; the draft it came from is no longer needed. False if this device
   * cannot keep it (then the form stays, as for any failure).
   */
  async function queuePost(submission: {
    values: AdFormValues;
    attributes: Array<{ name: string; value: string }>;
  }): Promise<boolean> {
    const userId = currentSession()?.user.id;
    if (!userId) return false;
    try {
      await keepQueuedAd({
        key: postKey,
        values: submission.values,
        attributes: submission.attributes,
        photos: pictures.flatMap((picture) => (picture.kind === "new" ? [picture.blob] : [])),
      });
    } catch {
      return false;
    }
    enqueueWrite(userId, {
      key: postKey,
      kind: "ad",
      title: submission.values.title.trim(),
      queuedAt: new Date().toISOString(),
    });
    if (draftId) await removeDraft(draftId).catch(() => {});
    notify("info", SELLING_MESSAGES.queued);
    return true;
  }

  /**
   * Spec selling §4 "Wizard submission": checks steps 1 and 2 (else back to step 1), creates or updates the ad,
   * toasts, removes the draft used. The saved ad's id, "queued" when a new ad waits for the connection, or null
   * when nothing was saved.
   */
  async function save(): Promise<number | "queued" | null> {
    if (!(await validStepOne())) {
      setStep(0);
      return null;
    }
    // Rules still loading cannot be checked, and an ad sent without its details would lose them: the seller is shown
    // step 2, where they load.
    if (attributeRules === null) {
      setStep(1);
      return null;
    }
    const { errors, accepted } = checkStepTwo();
    if (Object.keys(errors).length > 0) {
      setStep(0);
      return null;
    }
    const submission = {
      values: form.getValues(),
      attributes: accepted.map(({ rule, value }) => ({ name: rule.name, value })),
      pictures,
    };
    setProgress(0);
    try {
      const saved = ad
        ? await updateAd(ad.id, submission, setProgress)
        : await createAd(submission, setProgress, postKey);
      if (draftId) await removeDraft(draftId);
      notify("success", ad ? SELLING_MESSAGES.updated : SELLING_MESSAGES.created);
      return saved.id;
    } catch (error) {
      setProgress(null);
      if (!ad && isOfflineFailure(error) && (await queuePost(submission))) return "queued";
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
      return null;
    }
  }

  async function submit() {
    if ((await save()) !== null) navigate("/profile");
  }

  function selectPackage(pack: TPackage) {
    setSelectedPackage(pack);
    setPackageError(null);
  }

  /** The package the ad runs now: buying it again is refused (spec selling §5 "Boost step"). */
  const currentPackageName =
    ad?.lastest_subscription?.status === "active" ? ad.lastest_subscription.package.name : null;

  /**
   * Spec selling §4 status 'purchase': a package is required and must differ from the running one (§5), then the ad
   * is created or updated ('Creating Ad...' / 'Updating Ad...'), then the phone number is asked for.
   */
  async function purchase() {
    if (!selectedPackage) return setPackageError(PAYMENT_MESSAGES.selectPackage);
    if (selectedPackage.name === currentPackageName) return setPackageError(PAYMENT_MESSAGES.alreadySubscribed);
    setPurchasing(true);
    const adId = await save();
    setPurchasing(false);
    setProgress(null);
    // A queued ad has no id yet: the boost is bought once it is posted, from My Ads.
    if (adId === null || adId === "queued") return;
    purchaseFlow.start({
      packageId: selectedPackage.id,
      packageName: selectedPackage.name,
      price: selectedPackage.price,
      adId,
    });
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
    selectedPackage,
    selectPackage,
    packageError,
    currentPackageName,
    purchase,
    purchasing,
    purchaseFlow,
  };
}

export type SellWizard = ReturnType<typeof useSellWizard>;
