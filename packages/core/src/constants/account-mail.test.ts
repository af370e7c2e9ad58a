import { describe, expect, it } from 'vitest';
import { MAIL_NOT_SENT_MESSAGE, mailFailed } from './account-mail.js';

describe('mailFailed', () => {
  it('is true only for an answer that says its mail did not leave', () => {
    expect(mailFailed({ id: 'u-1', mail_sent: false })).toBe(true);
    for (const answer of [{ mail_sent: true }, {}, null, undefined, 'Created', 1, { mail_sent: 'false' }]) {
      expect(mailFailed(answer)).toBe(false);
    }
  });

  it("keeps the spec's text verbatim", () => {
    expect(MAIL_NOT_SENT_MESSAGE).toBe('Could not send email successfully.');
  });
});
