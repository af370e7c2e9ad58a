import './form-fields.css';

/** The red banner listing each error of a form (spec section 5); nothing when there are none. */
export function ErrorBanner({ errors }: { errors: readonly string[] }) {
  if (errors.length === 0) return null;
  return (
    <div className="error-banner" role="alert">
      <ul className="error-banner__list">
        {errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </div>
  );
}
