import { isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * Shown when a route fails to load or throws, most often a lazy chunk missing after a new
 * release: reloading fetches the current one.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return (
    <section className="route-error" role="alert">
      <h1>Something went wrong loading this page.</h1>
      {detail ? <p>{detail}</p> : null}
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </section>
  );
}
