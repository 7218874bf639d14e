import { useNavigation } from "@remix-run/react";

/**
 * Shown while a client navigation or form submission is pending. The status region is always
 * there, so screen readers hear 'Loading…' when it fills; without JS it stays empty.
 */
export function LoadingIndicator() {
  const busy = useNavigation().state !== "idle";
  return (
    <div role="status" className="loading-indicator">
      {busy ? (
        <>
          <span className="loading-indicator__bar" aria-hidden="true" />
          <span className="visually-hidden">Loading…</span>
        </>
      ) : null}
    </div>
  );
}
