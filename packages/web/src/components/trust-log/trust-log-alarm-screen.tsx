import { BlockingAlarm } from '../alarm/blocking-alarm.js';

/** The words of the trust log's alarm (issue 30); the explanation is the alarm's own message. */
export const TRUST_LOG_ALARM_TEXT = {
  title: 'The server’s record of who may read cannot be trusted',
  instruction:
    'Do not add people, share secrets or confirm keys now. Tell your administrator, by phone or in person.',
} as const;

/** Takes the place of every screen while the trust log is in alarm (rolled back, forked, or forged). */
export function TrustLogAlarmScreen({ message }: { message: string }) {
  return (
    <BlockingAlarm
      title={TRUST_LOG_ALARM_TEXT.title}
      explanation={message}
      instruction={TRUST_LOG_ALARM_TEXT.instruction}
    />
  );
}
