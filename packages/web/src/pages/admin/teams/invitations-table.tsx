import type { InvitationRow } from '@coffer/core';
import { formatDateEnGb } from '@coffer/core';
import { useInvitationList } from '../../../api/invitations-queries.js';
import { AdminTable } from '../../../components/admin-table/admin-table.js';
import type { AdminColumn } from '../../../components/admin-table/admin-table-types.js';
import { staticTableList } from '../../../components/admin-table/table-list.js';
import { useTableSort } from '../../../components/admin-table/table-sort.js';
import { INVITATION_TEXT, type InvitationActions, useInvitationActions } from './invitation-actions.js';
import { MAIL_NOT_SENT_LABEL, useInvitationMailFailed } from './invitation-mail.js';

/** Texts of the invitations list. */
export const INVITATIONS_TEXT = {
  title: 'Invitations',
  empty: 'No pending invitations',
  pending: 'Pending',
  expired: 'Expired',
  /** When more invitations exist than one answer lists. */
  more: (shown: number, total: number) => `The ${shown} most recent of ${total} invitations are shown.`,
} as const;

/**
 * The Users view's Invitations list (issue 26): the invitations not accepted yet, newest sent
 * first, each with its address, name, sender, when it was sent and until when its link works,
 * and Resend and Revoke. An expired one stays listed, marked, so it can be resent.
 */
export function InvitationsSection() {
  const invitations = useInvitationList();
  const actions = useInvitationActions();
  const sort = useTableSort();
  const shown = invitations.data?.items;
  const total = invitations.data?.total ?? 0;
  return (
    <section className="invitations" aria-labelledby="invitations-heading">
      <h2 id="invitations-heading" className="user-page__heading">
        {INVITATIONS_TEXT.title}
      </h2>
      <AdminTable
        label={INVITATIONS_TEXT.title}
        noun="Items"
        emptyText={INVITATIONS_TEXT.empty}
        columns={invitationColumns(actions)}
        list={staticTableList(shown, { loading: invitations.isPending, failed: invitations.isError })}
        sort={sort}
        rowKey={(invitation) => invitation.id}
        rowName={(invitation) => invitation.email}
      />
      {shown && total > shown.length ? <p>{INVITATIONS_TEXT.more(shown.length, total)}</p> : null}
    </section>
  );
}

function invitationColumns(actions: InvitationActions): AdminColumn<InvitationRow>[] {
  return [
    { id: 'email', label: 'Email', width: 22, cell: (invitation) => invitation.email },
    { id: 'name', label: 'Name', width: 12.5, optional: true, cell: (invitation) => invitation.name },
    {
      id: 'inviter',
      label: 'Invited by',
      width: 12.5,
      optional: true,
      cell: (invitation) => invitation.inviter,
    },
    { id: 'sent', label: 'Sent', width: 11, cell: (invitation) => formatDateEnGb(invitation.created_at) },
    {
      id: 'expires',
      label: 'Expires',
      width: 11,
      cell: (invitation) => formatDateEnGb(invitation.expires_at),
    },
    {
      id: 'status',
      label: 'Status',
      width: 11,
      cell: (invitation) => <InvitationStatus invitation={invitation} />,
    },
    {
      id: 'actions',
      label: 'Actions',
      width: 20,
      interactive: true,
      cell: (invitation) => <InvitationButtons invitation={invitation} actions={actions} />,
    },
  ];
}

function InvitationStatus({ invitation }: { invitation: InvitationRow }) {
  const mailFailed = useInvitationMailFailed(invitation.id);
  return (
    <span className="user-status">
      {invitation.expired ? (
        <span className="user-tag user-tag--warning">{INVITATIONS_TEXT.expired}</span>
      ) : (
        INVITATIONS_TEXT.pending
      )}
      {mailFailed ? <span className="user-tag user-tag--warning">{MAIL_NOT_SENT_LABEL}</span> : null}
    </span>
  );
}

function InvitationButtons({
  invitation,
  actions,
}: {
  invitation: InvitationRow;
  actions: InvitationActions;
}) {
  return (
    <span className="invitations__actions">
      <button
        type="button"
        className="button button--secondary button--small"
        aria-label={`${INVITATION_TEXT.resend} the invitation of ${invitation.email}`}
        disabled={actions.busy}
        onClick={() => void actions.resend(invitation)}
      >
        {INVITATION_TEXT.resend}
      </button>
      <button
        type="button"
        className="button button--danger button--small"
        aria-label={`${INVITATION_TEXT.revoke} the invitation of ${invitation.email}`}
        disabled={actions.busy}
        onClick={() => void actions.revoke(invitation)}
      >
        {INVITATION_TEXT.revoke}
      </button>
    </span>
  );
}
