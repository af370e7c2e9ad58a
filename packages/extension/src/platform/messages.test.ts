import { describe, expect, it } from 'vitest';
import { isExtensionMessage } from './messages.js';

describe('isExtensionMessage', () => {
  it('accepts the two messages and nothing else', () => {
    expect(isExtensionMessage({ type: 'session-changed' })).toBe(true);
    expect(isExtensionMessage({ type: 'submitted', username: 'a', password: 'b' })).toBe(true);
    expect(isExtensionMessage({ type: 'submitted', username: 'a' })).toBe(false);
    expect(isExtensionMessage({ type: 'give-me-the-keys' })).toBe(false);
    expect(isExtensionMessage('submitted')).toBe(false);
    expect(isExtensionMessage(null)).toBe(false);
  });
});
