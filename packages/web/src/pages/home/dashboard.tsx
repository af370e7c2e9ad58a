import { useRef } from 'react';
import { FirstChestOffer } from '../../components/chests/first-chest-offer.js';
import { useWritableChests } from '../../components/chests/use-writable-chests.js';
import { useSession } from '../../session/use-session.js';
import { ChestList } from './chest-list.js';
import { ChestView } from './chest-view.js';
import { DashboardToolbar, tabId } from './dashboard-toolbar.js';
import { DeletedSecretsSection } from './deleted-secrets-section.js';
import { DetailPanel } from './detail-panel.js';
import { MissingKeysNotice } from './missing-keys-notice.js';
import { SecretList } from './secret-list.js';
import { useDashboardShortcuts } from './use-dashboard-shortcuts.js';
import { useDashboardState } from './use-dashboard-state.js';
import { rowChestId, useRowMenus } from './use-row-menus.js';
import { useSecretAddress } from './use-secret-address.js';
import './dashboard.css';

/**
 * The home dashboard (spec section 2): Secrets and Chests tabs, search, Add Secret, Show all, the
 * lists with their row menus, a chest's view, and the secret viewer or form beside them.
 * Show all adds the deleted secrets, so a secret removed by mistake can be restored. `addressedId`
 * is the secret the address names (/secrets/<id>): its viewer opens at once.
 */
export function Dashboard({ addressedId }: { addressedId?: string | undefined }) {
  const state = useDashboardState(addressedId);
  useSecretAddress(state, addressedId);
  const searchRef = useRef<HTMLInputElement>(null);
  const { isAdministrator } = useSession();
  const writable = useWritableChests();
  const menus = useRowMenus(state, writable);
  const canAdd = isAdministrator || writable.chests.length > 0;
  useDashboardShortcuts(state, searchRef, { add: canAdd, edit: menus.canWrite });

  const selectedId = state.panel.kind === 'view' || state.panel.kind === 'edit' ? state.panel.id : null;
  const openRow = (row: Parameters<typeof rowChestId>[0]) => state.showSecret(row.id, rowChestId(row));
  const detailOpen = state.panel.kind !== 'none';

  return (
    <div
      className={['dashboard', detailOpen ? 'dashboard--detail' : '', state.open ? '' : 'dashboard--closed']
        .join(' ')
        .trim()}
    >
      <h1 className="visually-hidden">Dashboard</h1>
      <MissingKeysNotice />
      <FirstChestOffer writable={writable} onCreated={(chest) => state.newSecret(chest.id)} />
      <DashboardToolbar state={state} searchRef={searchRef} canAdd={canAdd} />
      <div className="dashboard__body">
        {state.open ? (
          <div
            id="dashboard-lists"
            role="tabpanel"
            aria-labelledby={tabId(state.shownTab)}
            className={state.switching ? 'dashboard__lists dashboard__lists--switching' : 'dashboard__lists'}
          >
            {state.shownTab === 'secrets' ? (
              <>
                <SecretList
                  label="Secrets"
                  filter={{ filter: state.filter, everything: isAdministrator }}
                  selectedId={selectedId}
                  onOpen={openRow}
                  menuFor={(row) => menus.secretMenu(row, false)}
                />
                {state.showAll ? (
                  <DeletedSecretsSection
                    label="Deleted secrets"
                    headingLevel={2}
                    filter={{ filter: state.filter, everything: isAdministrator }}
                    selectedId={selectedId}
                    onOpen={openRow}
                    menuFor={(row) => menus.secretMenu(row, true)}
                  />
                ) : null}
              </>
            ) : state.chestId ? (
              <ChestView
                chestId={state.chestId}
                filter={state.filter}
                showAll={state.showAll}
                selectedId={selectedId}
                onOpen={openRow}
                menuFor={menus.secretMenu}
                onBack={state.leaveChest}
                onMissing={state.leaveChest}
              />
            ) : (
              <ChestList
                filter={state.filter}
                everything={isAdministrator}
                onOpen={(chest) => state.openChest(chest.id)}
                menuFor={menus.chestMenu}
              />
            )}
          </div>
        ) : null}
        <div className="dashboard__detail">
          <DetailPanel state={state} writable={writable} canWrite={menus.canWrite} canAdd={canAdd} />
        </div>
      </div>
    </div>
  );
}
