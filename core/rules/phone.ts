/**
 * Phone numbers (spec §5): 10 digits, optionally with a leading 1, shown as (xxx) xxx-xxxx.
 * Anything else is shown as given.
 */
export function formatPhone(raw: string): { display: string; digits: string } {
  const digits = raw.replace(/\D/g, "");
  const local = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  if (local.length !== 10) return { display: raw.trim(), digits };
  return {
    display: `(${local.slice(0, 3)}) ${local.slice(3, 6)}-${local.slice(6)}`,
    digits: local,
  };
}
