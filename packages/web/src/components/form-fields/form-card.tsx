import type { ReactNode } from 'react';
import './form-card.css';

/** Props of the card that frames a visitor or setup form. */
export interface FormCardProps {
  title: ReactNode;
  /** Text under the title. */
  intro?: ReactNode;
  children: ReactNode;
  /** 'narrow' for login-sized forms (default), 'wide' for setup steps with more content. */
  width?: 'narrow' | 'wide';
}

/** A centred card with a heading: the frame of login, register and the account setup steps. */
export function FormCard({ title, intro, children, width = 'narrow' }: FormCardProps) {
  return (
    <section className={`form-card form-card--${width}`}>
      <h1 className="form-card__title">{title}</h1>
      {intro ? <p className="form-card__intro">{intro}</p> : null}
      {children}
    </section>
  );
}
