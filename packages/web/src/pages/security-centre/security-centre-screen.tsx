import { RotationSection } from '../../components/rotation/rotation-section.js';
import './security-centre.css';

/**
 * /security, the security centre (issue 31): one screen for everyone signed in, each section
 * showing what the caller may see. The rotation list is for administrators and chest managers
 * (it renders nothing for anyone else); password health joins it as a section of its own.
 */
export function Component() {
  return (
    <main className="security-centre">
      <h1 className="security-centre__title">Security Centre</h1>
      <RotationSection />
    </main>
  );
}
