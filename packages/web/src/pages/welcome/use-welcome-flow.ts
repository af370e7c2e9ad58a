import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useUpdateProfile } from '../../api/accounts-mutations.js';
import { profileQuery } from '../../api/accounts-queries.js';
import { serverMessageOf } from '../../api/api-error.js';
import { notify } from '../../lib/notification-store.js';
import { paths } from '../../navigation/paths.js';
import { decideWelcomeStep, WELCOME_STEP_PATHS } from './welcome-steps.js';

/** Shown when a welcome flag could not be saved. */
export const WELCOME_SAVE_FAILED_MESSAGE = 'Your progress could not be saved. Please try again.';

/** The welcome flow's moves: on to the next step, finish, skip, or mark the tutorial seen. */
export interface WelcomeFlow {
  /** Goes to the next unfinished step of the cached profile (fetched when missing), or finishes. */
  advance: () => Promise<void>;
  /** The tutorial's Finish: saves `tutorial`, then advances. */
  finishTutorial: () => Promise<void>;
  /** The administrators' Skip: tutorial, two-factor and first secret count as done; off to /. */
  skip: () => Promise<void>;
}

/** The welcome flow's transitions (spec sections 2 and 4). */
export function useWelcomeFlow(): WelcomeFlow {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { mutateAsync: updateProfile } = useUpdateProfile();

  const save = useCallback(
    async (user: { tutorial?: boolean; first_time?: boolean }): Promise<boolean> => {
      try {
        await updateProfile(user);
      } catch (error) {
        notify({ type: 'error', message: serverMessageOf(error) ?? WELCOME_SAVE_FAILED_MESSAGE });
        return false;
      }
      return true;
    },
    [updateProfile],
  );

  // Every flag done: first_time becomes false and the user goes to / (spec section 4).
  const finish = useCallback(async () => {
    if (await save({ first_time: false })) await navigate(paths.home, { replace: true });
  }, [save, navigate]);

  const advance = useCallback(async () => {
    // Every step puts its flag into the cached profile before advancing; fetch only when none is cached.
    const profile = await queryClient.ensureQueryData(profileQuery());
    if (!profile) return;
    const step = decideWelcomeStep(profile);
    if (step === 'done') await finish();
    else await navigate(WELCOME_STEP_PATHS[step]);
  }, [queryClient, navigate, finish]);

  return useMemo(
    () => ({
      advance,
      finishTutorial: async () => {
        if (await save({ tutorial: true })) await advance();
      },
      skip: async () => {
        if (await save({ tutorial: true, first_time: false })) await navigate(paths.home, { replace: true });
      },
    }),
    [advance, save, navigate],
  );
}
