import { CSRF_FIELD } from "~/lib/csrf";
import { useShellData } from "./useShellData";

/** The hidden CSRF token field every POST form carries (checked by readCheckedPost). */
export function CsrfInput() {
  const token = useShellData()?.csrfToken ?? "";
  return <input type="hidden" name={CSRF_FIELD} value={token} />;
}
