import { PasswordHealthSection } from '../../components/health/password-health-section.js';
import './security-centre.css';

/**
 * /security, the security centre (issue 31): a thin composition of sections, for every signed-in
 * user. Password health checks what this user can read; other sections add their own.
 */
export function Component() {
  return (
    <div className="security-centre">
      <h1 className="security-centre__title">Security centre</h1>
      <PasswordHealthSection />
    </div>
  );
}
