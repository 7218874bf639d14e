/** The form field that carries the CSRF token (rendered by CsrfInput, checked by requireCsrf). */
export const CSRF_FIELD = "csrf";
