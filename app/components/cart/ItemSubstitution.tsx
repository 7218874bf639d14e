/**
 * A cart item's 'If unavailable:' choice (decision 029): Best match, Don't substitute, or
 * 'Substitute with…' one of up to 5 similar products. Without scripts the row's form posts to
 * the cart, and 'Substitute with…' leads to a page listing the products; with scripts the row
 * saves by a fetcher and 'Substitute with…' opens the same list in a dialog (the page's loader
 * and action, by fetchers). Focus goes back to the row's control when the dialog closes.
 */
import { Form, Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, type FormEvent, type MouseEvent, type ReactNode } from "react";
import {
  SUBSTITUTION_LABELS,
  UNAVAILABLE_LABEL,
  type SubstitutionChoice,
} from "@core/rules/substitution";
import type { SubstituteCandidate, SubstitutionActionData } from "~/.server/substitution";
import { CsrfInput } from "~/components/CsrfInput";
import { openDialog, ModalDialog } from "~/components/Dialog";
import { useHydrated } from "~/components/useHydrated";
import { ENHANCED_FIELD, SAVE_ITEM_SUBSTITUTION, substitutePath } from "~/lib/substitution";
import type { CartItemView } from "./view";

const dialogId = (itemId: number) => `substitute-${itemId}`;

/** What the substitute page's loader answers (and the dialog loads). */
export interface SubstitutePage {
  item: {
    id: number;
    name: string;
    substitution: SubstitutionChoice;
    substituteProductId: number | null;
  };
  allowed: boolean;
  candidates: SubstituteCandidate[];
}

const errorOf = (answer: SubstitutionActionData | undefined, itemId: number) =>
  answer && "error" in answer && answer.itemId === itemId ? answer.error : null;

/**
 * The row's choice. While the order does not allow substitutions it only says "Don't
 * substitute" (the list above says why); `refused` is the cart action's error for this row
 * (without scripts).
 */
export function ItemSubstitution({
  item,
  allowed,
  refused,
}: {
  item: CartItemView;
  allowed: boolean;
  refused: string | null;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<SubstitutionActionData>();
  const select = useRef<HTMLSelectElement>(null);
  const message = useRef<HTMLParagraphElement>(null);
  const error = errorOf(fetcher.data, item.id) ?? refused;
  const selectId = `substitution-${item.id}`;
  const errorId = `substitution-${item.id}-error`;

  useEffect(() => {
    if (fetcher.state === "idle" && errorOf(fetcher.data, item.id)) message.current?.focus();
  }, [fetcher.state, fetcher.data, item.id]);

  if (!allowed)
    return (
      <p className="substitution substitution--off">
        <span className="substitution__label">{UNAVAILABLE_LABEL}</span> {SUBSTITUTION_LABELS.none}
      </p>
    );

  /** 'Substitute with…' with scripts: the dialog, with the products loaded now. */
  const openSubstitutes = (event: FormEvent | MouseEvent) => {
    event.preventDefault();
    openDialog(dialogId(item.id));
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (select.current?.value === "product") openSubstitutes(event);
  };
  // The dialog closed without a product chosen: the select shows the choice in force again.
  const onDialogClose = () => {
    if (select.current) select.current.value = item.substitution;
  };
  const pending = fetcher.state !== "idle";

  return (
    <div className="substitution">
      <fetcher.Form method="post" action="/cart" className="substitution__form" onSubmit={onSubmit}>
        <CsrfInput />
        <input type="hidden" name="intent" value={SAVE_ITEM_SUBSTITUTION} />
        <input type="hidden" name="itemId" value={item.id} />
        {hydrated ? <input type="hidden" name={ENHANCED_FIELD} value="1" /> : null}
        <label htmlFor={selectId} className="substitution__label">
          {UNAVAILABLE_LABEL}
          <span className="visually-hidden"> {item.name}</span>
        </label>
        <select
          // A saved change shows as the new default.
          key={`${item.substitution}:${item.substituteProductId ?? ""}`}
          ref={select}
          id={selectId}
          name="substitution"
          className="input select substitution__select"
          defaultValue={item.substitution}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
        >
          <option value="best_match">{SUBSTITUTION_LABELS.best_match}</option>
          <option value="none">{SUBSTITUTION_LABELS.none}</option>
          <option value="product">{SUBSTITUTION_LABELS.product}</option>
        </select>
        <button
          type="submit"
          className="button button--secondary button--small"
          aria-disabled={pending || undefined}
        >
          {pending ? <span className="spinner" aria-hidden="true" /> : null}
          Save<span className="visually-hidden"> choice for {item.name}</span>
        </button>
      </fetcher.Form>
      {item.substitution === "product" ? (
        <p className="substitution__chosen">
          {item.substitutionText}.{" "}
          <Link
            to={substitutePath(item.id)}
            onClick={hydrated ? openSubstitutes : undefined}
            className="substitution__change"
          >
            Change product<span className="visually-hidden"> for {item.name}</span>
          </Link>
        </p>
      ) : null}
      {error ? (
        <p ref={message} id={errorId} className="field-error" role="alert" tabIndex={-1}>
          {error}
        </p>
      ) : null}
      {hydrated ? <SubstituteDialog item={item} onClose={onDialogClose} /> : null}
    </div>
  );
}

/** With scripts: the page's list in a dialog, loaded when it opens, saved by a fetcher. */
function SubstituteDialog({ item, onClose }: { item: CartItemView; onClose: () => void }) {
  const id = dialogId(item.id);
  const list = useFetcher<SubstitutePage>();
  const save = useFetcher<SubstitutionActionData>();
  const href = substitutePath(item.id);

  // Load the products each time the dialog opens (they may have sold out meanwhile).
  useEffect(() => {
    const dialog = document.getElementById(id);
    if (!dialog) return;
    const observer = new MutationObserver(() => {
      if (dialog.hasAttribute("open")) list.load(href);
    });
    observer.observe(dialog, { attributes: true, attributeFilter: ["open"] });
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `list.load` changes every render
  }, [id, href]);

  // Saved: the dialog closes, and focus goes back to what opened it.
  useEffect(() => {
    if (save.state !== "idle" || !save.data || !("saved" in save.data)) return;
    const dialog = document.getElementById(id);
    if (dialog instanceof HTMLDialogElement && dialog.open) dialog.close();
  }, [save.state, save.data, id]);

  const page = list.data;
  return (
    <ModalDialog
      id={id}
      title={`Substitute ${item.name} with…`}
      requested={false}
      closeHref="/cart"
      onClose={onClose}
    >
      {page && list.state === "idle" ? (
        <SubstituteForm
          page={page}
          error={errorOf(save.data, item.id)}
          pending={save.state !== "idle"}
          cancel={
            <button
              type="button"
              className="button button--secondary"
              onClick={() => (document.getElementById(id) as HTMLDialogElement | null)?.close()}
            >
              Cancel
            </button>
          }
          form={(children) => (
            <save.Form method="post" action={href} className="substitute-form">
              <input type="hidden" name={ENHANCED_FIELD} value="1" />
              {children}
            </save.Form>
          )}
        />
      ) : (
        <p className="dialog__body" role="status">
          Loading similar products…
        </p>
      )}
    </ModalDialog>
  );
}

/**
 * The list of similar products as radios, with Save and Cancel: the page's form, and the
 * dialog's. `form` wraps the fields in the form that posts them (a page form or a fetcher's).
 */
export function SubstituteForm({
  page,
  error,
  pending,
  cancel,
  form,
}: {
  page: SubstitutePage;
  error: string | null;
  pending: boolean;
  cancel: ReactNode;
  form: (children: ReactNode) => ReactNode;
}) {
  const alert = useRef<HTMLDivElement>(null);
  const prefix = `substitute-${page.item.id}`;
  useEffect(() => {
    if (error) alert.current?.focus();
  }, [error]);

  if (!page.allowed || page.candidates.length === 0)
    return (
      <>
        <p className="dialog__body">
          {page.allowed
            ? "No similar products are available for this item right now."
            : "Substitutions are off for this order, so no item will be substituted."}
        </p>
        <div className="dialog__actions">{cancel}</div>
      </>
    );

  return form(
    <>
      <CsrfInput />
      {error ? (
        <div
          ref={alert}
          className="error-summary"
          role="alert"
          tabIndex={-1}
          aria-labelledby={`${prefix}-error`}
        >
          <p id={`${prefix}-error`} className="error-summary__title">
            <a href={`#${prefix}-${page.candidates[0]!.id}`}>{error}</a>
          </p>
        </div>
      ) : null}
      <fieldset className="substitute-form__choices">
        <legend className="substitute-form__legend">
          If {page.item.name} is unavailable, substitute it with:
        </legend>
        {page.candidates.map((candidate) => {
          const inputId = `${prefix}-${candidate.id}`;
          return (
            <div key={candidate.id} className="checkbox-field substitute-form__choice">
              <input
                type="radio"
                id={inputId}
                name="substitute_product_id"
                value={candidate.id}
                defaultChecked={
                  page.item.substitution === "product" &&
                  page.item.substituteProductId === candidate.id
                }
              />
              <label htmlFor={inputId}>
                {candidate.name} <span className="substitute-form__price">{candidate.price}</span>
              </label>
            </div>
          );
        })}
      </fieldset>
      <div className="dialog__actions">
        {cancel}
        <button
          type="submit"
          className="button button--primary"
          aria-disabled={pending || undefined}
        >
          {pending ? <span className="spinner" aria-hidden="true" /> : null}
          Save
        </button>
      </div>
    </>,
  );
}

/** The page's form: a plain post to the page itself. */
export const pageForm = (children: ReactNode) => (
  <Form method="post" className="substitute-form">
    {children}
  </Form>
);
