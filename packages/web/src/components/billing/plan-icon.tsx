/** A plan card's icon ('free': one person; 'team': several); decorative, the name says it. */
export function PlanIcon({ icon }: { icon: string }) {
  return (
    <svg className="plan-card__icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      {icon === 'team' ? (
        <>
          <circle cx="16" cy="17" r="6" />
          <circle cx="32" cy="17" r="6" />
          <path d="M4 38c0-7 5-12 12-12s12 5 12 12z" />
          <path d="M20 38c0-7 5-12 12-12s12 5 12 12z" />
        </>
      ) : (
        <>
          <circle cx="24" cy="17" r="7" />
          <path d="M10 40c0-8 6-14 14-14s14 6 14 14z" />
        </>
      )}
    </svg>
  );
}
