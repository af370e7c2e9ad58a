import { fingerprintWords, trustLogFingerprint } from '@coffer/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GENESIS_MISMATCH_MESSAGE } from '../../trust-log/trust-log-alarm.js';
import { resetTrustLogView, trustLogStore } from '../../trust-log/trust-log-store.js';
import { GENESIS_CONFIRM_TEXT, GenesisConfirmNotice } from './genesis-confirm-notice.js';

const GENESIS = 'qks5xa71in2gXHzbpdR8hCTGOeSwCmiAhLWs5PfKmdg=';

afterEach(resetTrustLogView);

describe('GenesisConfirmNotice', () => {
  it('shows the organisation’s words; a match is confirmed, a mismatch is the blocking alarm', async () => {
    const confirm = vi.fn(async () => undefined);
    render(<GenesisConfirmNotice genesis={GENESIS} confirm={confirm} />);
    const notice = screen.getByRole('region', { name: GENESIS_CONFIRM_TEXT.title });
    expect(notice.textContent).toContain(fingerprintWords(trustLogFingerprint(GENESIS)).join(' '));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: GENESIS_CONFIRM_TEXT.match }));
    expect(confirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: GENESIS_CONFIRM_TEXT.mismatch }));
    expect(trustLogStore.get().alarm).toEqual({ kind: 'fork', message: GENESIS_MISMATCH_MESSAGE });
  });
});
