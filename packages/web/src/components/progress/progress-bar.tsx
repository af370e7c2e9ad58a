import './progress-bar.css';

/** Props of a progress bar. */
export interface ProgressBarProps {
  /** The accessible name ('Resharing missing keys'). */
  label: string;
  done: number;
  total: number;
  /** The text under the bar ('120 of 500 keys'); also the bar's aria-valuetext. */
  text: string;
}

/** A determinate progress bar (role=progressbar) with its text; a total of 0 shows as empty. */
export function ProgressBar({ label, done, total, text }: ProgressBarProps) {
  const share = total > 0 ? Math.min(1, Math.max(0, done / total)) : 0;
  return (
    <div className="progress">
      <div
        className="progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={Math.min(done, total)}
        aria-valuetext={text}
      >
        <div className="progress__fill" style={{ width: `${Math.round(share * 1000) / 10}%` }} />
      </div>
      <p className="progress__text">{text}</p>
    </div>
  );
}
