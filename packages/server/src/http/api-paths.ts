/** Paths answered by the API rather than the web app: /api/*, /users*, /healthz. */
export function isApiPath(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? '';
  return (
    pathname === '/api' ||
    pathname.startsWith('/api/') ||
    pathname === '/users' ||
    pathname.startsWith('/users/') ||
    pathname.startsWith('/users.') ||
    pathname === '/healthz'
  );
}
