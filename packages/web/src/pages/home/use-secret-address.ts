import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../navigation/paths.js';
import type { DashboardState } from './use-dashboard-state.js';

/**
 * Keeps the address and the detail panel telling the same story. A new address of a secret
 * (/secrets/<id>) opens its viewer; once the panel leaves that secret (closed, another secret, a
 * search, the new-secret form), the address goes back to / without a history entry, so it never names
 * a secret that is not shown. Viewing or editing the addressed secret keeps its address.
 */
export function useSecretAddress(state: DashboardState, addressedId: string | undefined): void {
  const navigate = useNavigate();
  const { panel, showAddressed } = state;
  const shownId = panel.kind === 'view' || panel.kind === 'edit' ? panel.id : null;
  // Each effect reacts to one change only; the other value is read as it stands.
  const latest = useRef({ addressedId, shownId });
  latest.current = { addressedId, shownId };

  useEffect(() => {
    if (addressedId !== undefined && addressedId !== latest.current.shownId) showAddressed(addressedId);
  }, [addressedId, showAddressed]);

  useEffect(() => {
    const addressed = latest.current.addressedId;
    if (addressed !== undefined && addressed !== shownId) void navigate(paths.home, { replace: true });
  }, [shownId, navigate]);
}
