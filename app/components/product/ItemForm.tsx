/**
 * The product's configuration as one form (spec §4, §5). Without scripts every step is open, every
 * choice a real input, and the server checks and answers; with them the steps become an
 * accordion (one open, Next only when complete), choices follow the rules as they are made, and
 * the server's own check (item-form-schema.ts) runs before the form is sent. The inputs stay
 * controlled by the page's state (the rules settle each choice); useFormCheck holds the errors.
 * The schema (and zod) is not part of the page's first load: it is fetched when the shopper
 * starts on the form, and a press of Add to Cart before it has arrived waits for it.
 */
import { NOTES_MAX_LENGTH } from "@core/rules/limits";
import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { CsrfInput } from "~/components/CsrfInput";
import { ConfirmedMessagePreview, messagePreviewId } from "./ConfirmedMessagePreview";
import {
  deselectChoice,
  normalizePreferences,
  selectChoice,
  setText,
  visibleFacetIds,
  type Preference,
  type ProductRules,
} from "@core/rules/item-configuration";
import {
  facetErrorKey,
  FIELD,
  inStepOrder,
  itemFormProblem,
  itemPreferences,
  messagePreview,
  settlePreferences,
  stepComplete,
  stepStatus,
  type FieldErrors,
  type ItemFormProblem,
  type ItemFormState,
  type StepStatus,
} from "~/lib/item-form";
import { quantityOptions, sameQuantity, type QuantityRules } from "@core/rules/quantity-options";
import { formatQuantityWithUnit } from "@core/rules/units";
import { ErrorSummary, useSummaryFocus, type SummaryLink } from "~/components/forms/ErrorSummary";
import { useLazyCheck } from "~/components/forms/lazy-check";
import { useFormCheck, type CheckOutcome } from "~/components/forms/useFormCheck";
import { loadOnce } from "~/components/useLazyModule";
import { Field } from "~/components/forms/Field";
import { FacetField, facetTargetId } from "./FacetField";
import { PhotoUpload } from "./PhotoUpload";
import { QuantityField } from "./QuantityField";
import { StickyPreview } from "./StickyPreview";
import type { FacetView, ProductPageData, ProductView } from "./types";

interface ItemFormProps {
  page: ProductPageData;
  rules: ProductRules;
  quantityRules: QuantityRules;
  state: ItemFormState;
  onChange: (state: ItemFormState) => void;
  /** The server's answer to the last post, when it refused the item. */
  serverProblem: ItemFormProblem | null;
  /** The same refusal as the server's reply (useFormCheck's `lastResult`). */
  serverResult: SubmissionResult<string[]> | undefined;
  /** Changes with every new refusal from the server (focus goes to the summary). */
  serverProblemKey: unknown;
  subtotal: number | null;
  /** What a quantity costs with the choices made (cents), for the quantity list. */
  priceOf: (quantity: number) => number;
  hydrated: boolean;
  /** Every step counts as confirmed: an item being edited, or a message previewed without scripts. */
  previewConfirmed: boolean;
}

/** The schema's module, fetched once per page load (see lazy-check.ts). */
const loadValidation = loadOnce(() => import("~/lib/item-form-schema"));

const FIELD_TARGETS: Record<string, string> = {
  [FIELD.quantity]: "item-quantity",
  [FIELD.notes]: "item-notes",
  [FIELD.photoConsent]: "item-photo-consent",
  [FIELD.photo]: "item-photo",
};

/** The problems in the order of the form, each with the field it links to. */
export function summaryErrors(product: ProductView, errors: FieldErrors): SummaryLink[] {
  return [
    ...product.steps.flatMap((step) =>
      step.facetIds.flatMap((id) => {
        const message = errors[facetErrorKey(id)];
        const facet = product.facets.find((f) => f.id === id);
        return message && facet
          ? [{ key: facetErrorKey(id), message, target: facetTargetId(facet) }]
          : [];
      }),
    ),
    ...[FIELD.quantity, FIELD.notes, FIELD.photoConsent, FIELD.photo].flatMap((key) =>
      errors[key] ? [{ key, message: errors[key]!, target: FIELD_TARGETS[key]! }] : [],
    ),
  ];
}

/**
 * The chosen options in words, for the summary ('Thin', 'Paper between slices', '“Emma”'), in the
 * order of the steps whatever order they were chosen in.
 */
export function choiceWords(
  product: Pick<ProductView, "facets" | "steps">,
  preferences: Preference[],
): string[] {
  const { facets } = product;
  return inStepOrder(product.steps, facets, preferences).flatMap((p) => {
    const facet = facets.find((f) => f.id === p.facet_id);
    const choice = facet?.choices.find((c) => c.id === p.choice_id);
    const words: string[] = [];
    if (choice) words.push(choice.value);
    if (p.value) words.push(`“${p.value}”`);
    return words;
  });
}

export function ItemForm(props: ItemFormProps) {
  const { page, rules, quantityRules, state, onChange, hydrated } = props;
  const { product, editing } = page;
  const navigation = useNavigation();
  const quantityRef = useRef<HTMLDivElement>(null);

  // A press of Add to Cart, or the server's refusal: from then on the errors follow every change.
  const [attempted, setAttempted] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const [openStep, setOpenStep] = useState<number | null>(0);
  // Steps whose Next (or Done) was pressed: their message previews show (spec §4).
  const [confirmedSteps, setConfirmedSteps] = useState<ReadonlySet<string>>(() => new Set());
  // Messages whose 'Preview Message' was pressed: their previews show before Next.
  const [previewedFacets, setPreviewedFacets] = useState<ReadonlySet<number>>(() => new Set());
  // Facets the shopper chose or typed in (a default is not a choice): a step's 'Complete'.
  const [chosenFacets, setChosenFacets] = useState<ReadonlySet<number>>(() => new Set());
  const madeChoice = (facetId: number) =>
    setChosenFacets((chosen) => (chosen.has(facetId) ? chosen : new Set(chosen).add(facetId)));

  const facetsById = useMemo(() => new Map(product.facets.map((f) => [f.id, f])), [product.facets]);
  // Visibility follows the settled selections (a preset hidden facet's default triggers nothing).
  const visible = visibleFacetIds(rules, normalizePreferences(rules, state.preferences, false));
  // Without scripts every facet is on the page (the server clears those left hidden).
  const shownFacetIds = (ids: number[]) =>
    ids.filter((id) => facetsById.has(id) && (!hydrated || visible.has(id)));
  const steps = product.steps
    .map((step, index) => ({ ...step, index, shown: shownFacetIds(step.facetIds) }))
    .filter((step) => step.shown.length > 0);
  const collapsible = hydrated && editing === null;

  const saving =
    navigation.state !== "idle" &&
    navigation.formMethod?.toUpperCase() === "POST" &&
    (navigation.formAction ?? "").startsWith(page.productHref);
  const lazyCheck = useLazyCheck(loadValidation);
  const validation = lazyCheck.module;
  const schema = useMemo(
    () =>
      validation?.itemFormSchema(rules, quantityRules, {
        acceptsPhoto: product.acceptsCustomerPhoto,
      }) ?? null,
    [validation, rules, quantityRules, product.acceptsCustomerPhoto],
  );
  const check = useMemo(
    () =>
      validation && schema
        ? (formData: FormData): CheckOutcome => validation.checkItemForm(formData, schema)
        : null,
    [validation, schema],
  );
  const [form] = useFormCheck({
    id: `item-form-${product.id}`,
    lastResult: props.serverResult,
    check,
  });
  const { message: problemTitle, errors } = itemFormProblem(form.allErrors);
  const problem = attempted && Object.keys(form.allErrors).length > 0 ? problemTitle : null;

  const stepOfKey = (key: string) =>
    steps.findIndex((s) => s.shown.some((id) => facetErrorKey(id) === key));
  const openFirstProblem = (fieldErrors: FieldErrors) => {
    const first = steps.find((s) => s.shown.some((id) => fieldErrors[facetErrorKey(id)]));
    if (first) setOpenStep(first.index);
  };

  // A new refusal from the server: show it, open the step it concerns, move focus to the summary.
  useEffect(() => {
    if (!props.serverProblem) return;
    void lazyCheck.start();
    setAttempted(true);
    openFirstProblem(props.serverProblem.errors);
    setFocusRequest((n) => n + 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.serverProblemKey]);

  // A press that found problems (or a refusal): open the step of the first, from the form's errors.
  useEffect(() => {
    if (focusRequest > 0) openFirstProblem(errors);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  const summaryRef = useSummaryFocus(focusRequest);

  // After a change has settled on the page (a choice can clear others), the whole form is checked
  // again once errors are showing: the server's verdict was about the form as sent.
  const firstState = useRef(state);
  useEffect(() => {
    if (attempted && state !== firstState.current) form.validate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  const change = (next: ItemFormState) => onChange(next);

  const choose = (facet: FacetView, choiceId: number, checked: boolean) => {
    const chosen = checked
      ? selectChoice(rules, state.preferences, facet.id, choiceId)
      : deselectChoice(state.preferences, facet.id, choiceId);
    const preferences = settlePreferences(rules, state.preferences, chosen);
    madeChoice(facet.id);
    change({ ...state, preferences, texts: keepVisibleTexts(state.texts, preferences) });
  };

  const type = (facet: FacetView, text: string) => {
    const preferences = settlePreferences(
      rules,
      state.preferences,
      setText(rules, state.preferences, facet.id, text),
    );
    madeChoice(facet.id);
    change({ ...state, preferences, texts: { ...state.texts, [facet.id]: text } });
  };

  const keepVisibleTexts = (texts: Record<string, string>, preferences: Preference[]) => {
    const now = visibleFacetIds(rules, preferences);
    return Object.fromEntries(Object.entries(texts).filter(([id]) => now.has(Number(id))));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // One add per press: a second press while saving would add the item twice.
    if (saving) {
      event.preventDefault();
      return;
    }
    if (lazyCheck.hold(event)) return;
    form.onSubmit(event);
    if (event.defaultPrevented) {
      setAttempted(true);
      setFocusRequest((n) => n + 1);
    } else {
      setAttempted(false);
    }
  };

  const followError = (link: SummaryLink) => {
    const at = link.key === undefined ? -1 : stepOfKey(link.key);
    if (at !== -1) setOpenStep(steps[at]!.index);
    requestAnimationFrame(() => {
      const target = document.getElementById(link.target);
      target?.focus();
      target?.scrollIntoView({ block: "center" });
    });
  };

  const summary = summaryErrors(product, errors);
  const previews = steps.flatMap((step) =>
    step.shown
      .filter(
        (id) => props.previewConfirmed || confirmedSteps.has(step.key) || previewedFacets.has(id),
      )
      .flatMap((id) => {
        const facet = facetsById.get(id)!;
        const shown = messagePreview(facet, state.preferences, state.texts[id] ?? "");
        return shown ? [{ facet, ...shown }] : [];
      }),
  );

  // With scripts 'Preview Message' shows the preview at once, below the steps, and brings it into
  // view; focus stays on the button.
  const previewMessage = (facetId: number) => {
    setPreviewedFacets((previewed) => new Set(previewed).add(facetId));
    requestAnimationFrame(() =>
      document.getElementById(messagePreviewId(facetId))?.scrollIntoView({ block: "nearest" }),
    );
  };

  const options = quantityOptions(quantityRules);
  const buttonLabel = saving ? "Saving..." : editing ? "Update Cart" : "Add to Cart";
  const action = editing ? `${page.productHref}?${FIELD.item}=${editing.itemId}` : page.productHref;
  const quantity = options.find(
    (q) => state.quantity !== "" && sameQuantity(q, Number(state.quantity)),
  );
  const anyRequired = product.facets.some((f) => f.required);
  const triggerWords = (facet: FacetView) => {
    const choices = page.product.facet_triggers
      .filter((t) => t.facet_id === facet.id)
      .flatMap((t) =>
        product.facets.flatMap((f) =>
          f.choices.filter((c) => c.id === t.choice_id).map((c) => c.value),
        ),
      );
    return choices.length ? `Only when you choose ${choices.join(" or ")}.` : null;
  };

  if (options.length === 0) {
    return <p className="notice">This product is not available in any quantity right now.</p>;
  }

  return (
    <Form
      method="post"
      id={form.id}
      action={action}
      encType="multipart/form-data"
      className="item-form"
      onSubmit={submit}
      onBlur={form.onBlur}
      onInput={form.onInput}
      // The shopper starts on the form: fetch the schema the browser checks it with.
      {...lazyCheck.warmUp}
      noValidate
      aria-label={editing ? `Update ${product.name}` : `Add ${product.name} to your cart`}
    >
      <CsrfInput />
      {editing ? <input type="hidden" name={FIELD.item} value={editing.itemId} /> : null}
      {page.catalogBack ? <input type="hidden" name={FIELD.from} value={page.catalogBack} /> : null}
      {hydrated ? <input type="hidden" name={FIELD.enhanced} value="1" /> : null}

      {/* Without scripts the page shows the server's summary at its very top instead. */}
      {problem && hydrated ? (
        <ErrorSummary
          ref={summaryRef}
          title={problem}
          links={summary}
          onFollow={hydrated ? followError : undefined}
        />
      ) : null}

      {anyRequired ? (
        <p className="required-note">
          Choices marked <span className="facet-tag facet-tag--required">Required</span> must be
          made before adding this item to your cart.
        </p>
      ) : null}

      {steps.length > 0 ? (
        <ol className="steps">
          {steps.map((step, position) => {
            const open = !collapsible || openStep === step.index;
            const complete = stepComplete(rules, state.preferences, step.shown);
            const required = step.shown.some((id) => facetsById.get(id)?.required);
            const status = collapsible
              ? stepStatus(rules, state.preferences, step.shown, {
                  confirmed: confirmedSteps.has(step.key),
                  chosen: chosenFacets,
                })
              : required
                ? "required"
                : null;
            const next = steps[position + 1];
            const panelId = `step-${step.key}`;
            const words = choiceWords(
              product,
              itemPreferences(rules, state.preferences).filter((p) =>
                step.shown.includes(p.facet_id),
              ),
            );
            const hasError = step.shown.some((id) => errors[facetErrorKey(id)]);
            return (
              <li
                key={step.key}
                className={`step${open ? " step--open" : ""}${hasError ? " step--error" : ""}`}
              >
                <h3 className="step__title">
                  {collapsible ? (
                    <button
                      type="button"
                      className="step__toggle"
                      aria-expanded={open}
                      aria-controls={panelId}
                      onClick={() => setOpenStep(open ? null : step.index)}
                    >
                      <StepHeading position={position} title={step.title} status={status} />
                      {!open && words.length ? (
                        <span className="step__summary">{words.join(", ")}</span>
                      ) : null}
                    </button>
                  ) : (
                    <span className="step__static">
                      <StepHeading position={position} title={step.title} status={status} />
                    </span>
                  )}
                </h3>
                <div className="step__panel" id={panelId} hidden={!open}>
                  {step.shown.map((id) => {
                    const facet = facetsById.get(id)!;
                    return (
                      <FacetField
                        key={id}
                        facet={facet}
                        preferences={state.preferences}
                        text={state.texts[id] ?? ""}
                        error={errors[facetErrorKey(id)]}
                        legendHidden={step.shown.length === 1 && step.title === facet.name}
                        condition={hydrated ? null : triggerWords(facet)}
                        hydrated={hydrated}
                        formAction={action}
                        onChoice={(choiceId, checked) => choose(facet, choiceId, checked)}
                        onText={(text) => type(facet, text)}
                        onPreview={() => previewMessage(facet.id)}
                      />
                    );
                  })}
                  {collapsible ? (
                    <div className="step__actions">
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        disabled={!complete}
                        onClick={() => {
                          setConfirmedSteps((confirmed) => new Set(confirmed).add(step.key));
                          setOpenStep(next ? next.index : null);
                          requestAnimationFrame(() => {
                            const target = next
                              ? document
                                  .querySelector<HTMLElement>(`#step-${next.key}`)
                                  ?.previousElementSibling?.querySelector("button")
                              : quantityRef.current?.querySelector("select");
                            target?.focus();
                          });
                        }}
                      >
                        {next ? "Next" : "Done"}
                      </button>
                      {!complete ? (
                        <span className="step__actions-hint">
                          Make the required choices to continue.
                        </span>
                      ) : null}
                    </div>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}

      {previews.map(({ facet, text, color }) => (
        <ConfirmedMessagePreview
          key={facet.id}
          facetId={facet.id}
          text={text}
          color={color}
          imageUrl={page.builder?.baseImageUrl ?? product.images[0]?.url ?? null}
          label={facet.name}
          hydrated={hydrated}
        />
      ))}

      <div className="item-form__details">
        <div ref={quantityRef}>
          <QuantityField
            options={options}
            rules={quantityRules}
            priceOf={props.priceOf}
            value={state.quantity}
            error={errors[FIELD.quantity]}
            onChange={(value) => change({ ...state, quantity: value })}
          />
        </div>

        {product.acceptsSpecialInstructions ? (
          <Field
            id="item-notes"
            label={
              <>
                Special Instructions <span className="facet-tag">Optional</span>
              </>
            }
            error={errors[FIELD.notes]}
          >
            {(control) => (
              <textarea
                {...control}
                name={FIELD.notes}
                className="input textarea"
                rows={3}
                maxLength={NOTES_MAX_LENGTH}
                value={state.notes}
                onChange={(event) => change({ ...state, notes: event.target.value })}
              />
            )}
          </Field>
        ) : null}

        {product.acceptsCustomerPhoto ? (
          <PhotoUpload
            consent={state.photoConsent}
            onConsent={(accepted) => change({ ...state, photoConsent: accepted })}
            consentError={errors[FIELD.photoConsent]}
            photoError={errors[FIELD.photo]}
            hydrated={hydrated}
            currentImageUrl={editing?.imageUrl ?? null}
          />
        ) : null}
      </div>

      <StickyPreview
        name={product.name}
        imageUrl={product.images[0]?.url ?? null}
        quantity={
          quantity === undefined ? null : formatQuantityWithUnit(quantity, product.unitOfMeasure)
        }
        choices={choiceWords(product, itemPreferences(rules, state.preferences))}
        subtotal={props.subtotal}
        buttonLabel={buttonLabel}
        saving={saving}
      />
    </Form>
  );
}

function StepHeading({
  position,
  title,
  status,
}: {
  position: number;
  title: string;
  status: StepStatus;
}) {
  const complete = status === "complete";
  return (
    <>
      <span className="step__number" aria-hidden="true">
        {complete ? "✓" : position + 1}
      </span>
      <span className="step__name">
        <span className="visually-hidden">Step {position + 1}: </span>
        {title}
      </span>
      {complete ? (
        <span className="step__status step__status--done">Complete</span>
      ) : status === "required" ? (
        <span className="step__status">Required</span>
      ) : null}
    </>
  );
}
