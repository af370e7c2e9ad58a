import { NavLink } from 'react-router';
import { useTeamsGate } from '../../api/billing-queries.js';
import { paths } from '../../navigation/paths.js';
import { useSession } from '../../session/use-session.js';
import './billing.css';

/** The word of the locked Teams and Users item (spec section 6). */
export const UNLOCK_LABEL = 'Unlock';

/**
 * One item of the admin sections. The Teams and Users section on the free plan is the locked
 * 'Unlock' item leading to /plans (spec section 6); everything else is its plain link.
 */
export function AdminSectionLink({ section }: { section: { label: string; path: string } }) {
  const gate = useTeamsGate(useSession().isAdministrator);
  if (section.path === paths.adminTeams && gate === 'locked') {
    return (
      <NavLink
        to={paths.plans}
        className="admin__section admin__section--locked"
        title="Teams and Users come with the Team Plan"
      >
        <svg className="admin__lock" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M5 7V5a3 3 0 0 1 6 0v2h1v7H4V7zm1.5 0h3V5a1.5 1.5 0 0 0-3 0z" />
        </svg>
        {UNLOCK_LABEL}
        <span className="visually-hidden"> Teams and Users</span>
      </NavLink>
    );
  }
  return (
    <NavLink to={section.path} className="admin__section">
      {section.label}
    </NavLink>
  );
}
