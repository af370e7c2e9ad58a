import { PasswordHealthSection } from '../../components/health/password-health-section.js';
import { RotationSection } from '../../components/rotation/rotation-section.js';
import './security-centre.css';

/**
 * /security, the security centre (issue 31): a thin composition of sections, for every signed-in
 * user, each showing what the caller may see. Password health checks what this user can read; the
 * rotation list is for administrators and chest managers (it renders nothing for anyone else).
 */
export function Component() {
  return (
    <div className="security-centre">
      <h1 className="security-centre__title">Security centre</h1>
      <RotationSection />
      <PasswordHealthSection />
    </div>
  );
}
