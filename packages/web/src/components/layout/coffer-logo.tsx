/** The Coffer logo: a chest mark and the word, drawn in the theme's colours. */
export function CofferLogo() {
  return (
    <svg className="coffer-logo" viewBox="0 0 200 40" role="img" aria-label="Coffer">
      <g className="coffer-logo__mark">
        <rect x="2" y="10" width="34" height="27" rx="6" />
        <rect x="11" y="4" width="16" height="8" rx="3" />
      </g>
      <path className="coffer-logo__band" d="M2 19h34" />
      <rect className="coffer-logo__lock" x="14.5" y="21.5" width="9" height="10" rx="2.5" />
      <text className="coffer-logo__word" x="46" y="30">
        Coffer
      </text>
    </svg>
  );
}
