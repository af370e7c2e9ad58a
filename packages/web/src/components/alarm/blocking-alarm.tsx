import { useId } from 'react';
import { useSessionActions } from '../../session/use-session.js';
import './blocking-alarm.css';

interface BlockingAlarmProps {
  title: string;
  /** What happened, in plain words. */
  explanation: string;
  /** What to do now; shown in bold. */
  instruction: string;
}

/**
 * Takes the place of every screen while something the server did makes working on unsafe (a key that
 * is not the user's, a trust log that cannot be the one verified before). The header stays, and so
 * does a way out.
 */
export function BlockingAlarm({ title, explanation, instruction }: BlockingAlarmProps) {
  const { logOut } = useSessionActions();
  const titleId = useId();
  return (
    <section className="blocking-alarm" role="alert" aria-labelledby={titleId}>
      <h1 id={titleId} className="blocking-alarm__title">
        {title}
      </h1>
      <p>{explanation}</p>
      <p className="blocking-alarm__instruction">{instruction}</p>
      <button type="button" className="button button--primary" onClick={() => void logOut()}>
        Log out
      </button>
    </section>
  );
}
