import { describe, expect, it } from 'vitest';
import * as messages from './messages.js';

describe('validation messages (spec section 5, verbatim)', () => {
  it('builds the shared field messages', () => {
    expect(messages.requiredMessage('Email')).toBe('Required field Email is empty.');
    expect(messages.emailMessage('Email')).toBe('Field Email is not a valid email.');
    expect(messages.numericMessage('Number')).toBe('Field Number must contain only numeric characters.');
    expect(messages.minLengthMessage('Password', 12)).toBe(
      'Field Password requires a minimum of 12 characters.',
    );
    expect(messages.maxLengthMessage('Name', 50)).toBe('Field Name exceeds the maximum of 50 characters.');
  });

  it('fixes every other message', () => {
    expect(messages).toMatchObject({
      SELECT_CHEST_MESSAGE: 'Must select Chest from dropdown.',
      SELECT_TEAM_MESSAGE: 'Please select at least one Team using the dropdown provided.',
      SELECT_CHESTS_MESSAGE: 'Please select at least one Chest using the dropdown provided.',
      REGISTER_PASSWORDS_MATCH_MESSAGE: 'Please ensure passwords match',
      REGISTER_PASSWORD_LENGTH_MESSAGE: 'Please enter a password with a minimum length of 12 characters',
      NEW_PASSWORD_LENGTH_MESSAGE: 'New Password must be at least 12 characters',
      PASSWORD_LENGTH_HINT: 'The password should be at least twelve characters long.',
      PASSWORDS_MUST_MATCH_MESSAGE: 'Passwords must match',
      RESET_PASSWORD_LENGTH_MESSAGE: 'Password must be at least 12 characters long.',
      INVALID_NEW_EMAIL_MESSAGE: 'Invalid New Email',
      EMAILS_DO_NOT_MATCH_MESSAGE: 'Emails Do Not Match',
      INCORRECT_PASSWORD_MESSAGE: 'Incorrect Password',
      CURRENT_PASSWORD_INCORRECT_MESSAGE: 'Current password is incorrect',
      PASSWORD_ENTERED_INCORRECT_MESSAGE: 'Password entered is incorrect.',
      PASSWORD_CONFIRMATION_REQUIRED_MESSAGE: 'Please enter your password again to continue.',
      PICK_ADMINISTRATOR_MESSAGE: 'Please pick an administrator.',
    });
  });
});
