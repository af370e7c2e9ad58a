/** Words for the strengths 1–5: read out with the meter's value, shown in the admin Secrets table. */
export const STRENGTH_LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;
