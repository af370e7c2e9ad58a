import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../navigation/paths.js';

/**
 * Returns to the previous path of this app; a page opened directly (no history entry of ours,
 * react-router's location key 'default') goes to the dashboard instead of leaving the app.
 */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (key === 'default') void navigate(paths.home);
    else void navigate(-1);
  }, [key, navigate]);
}
