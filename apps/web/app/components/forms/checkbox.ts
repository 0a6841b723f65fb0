/**
 * A native checkbox in the brand's colour (`accent-color`: the browser draws it, keyboard and
 * high-contrast modes included), aligned with the first line of its label.
 */
export const checkboxClasses = 'mt-0.5 size-4 shrink-0 accent-brand-600';
