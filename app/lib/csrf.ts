/** The form field that carries the CSRF token (rendered by CsrfInput, checked by readCheckedPost). */
export const CSRF_FIELD = "csrf";
