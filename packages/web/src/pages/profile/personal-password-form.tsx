import { notify } from '../../lib/notification-store.js';
import '../../components/form-fields/form-card.css';
import { PasswordChangeFields } from './password-change-fields.js';
import { usePasswordChangeForm } from './use-password-change-form.js';

/** The message after a personal password is set. */
export const PERSONAL_PASSWORD_SET_MESSAGE = 'Your personal password has been set.';

/** Props of the personal-password form. */
export interface PersonalPasswordFormProps {
  /** Called after the password is changed (must_change_password is then false in the profile cache). */
  onDone: () => void;
  /** The submit button's text; default 'Set Password'. */
  submitLabel?: string;
}

/**
 * Sets a personal password in place of the one an administrator generated: the current password,
 * a new one of 12+ characters with the strength meter, and its confirmation. Used at
 * /profile/personal_password and by the welcome flow at /welcome/personal_password.
 */
export function PersonalPasswordForm({ onDone, submitLabel = 'Set Password' }: PersonalPasswordFormProps) {
  const form = usePasswordChangeForm(() => {
    notify({ type: 'success', message: PERSONAL_PASSWORD_SET_MESSAGE });
    onDone();
  });
  return (
    <form
      noValidate
      aria-label="Personal password"
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      <PasswordChangeFields form={form} currentLabel="Current Password (the one you signed in with)" />
      <div className="form-card__actions">
        <button type="submit" className="button button--primary" disabled={!form.canSave}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
