import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { LinkModalOptions, LinkOption } from '../modals/link-modal.js';
import { openLinkModal } from '../modals/link-modal.js';
import type { AccessLinksProps } from './access-links.js';
import { AccessLinks } from './access-links.js';
import './admin-form.css';

/** Props of an admin form's frame. */
export interface AdminFormProps {
  /** The form's heading and accessible name ('New Chest', 'Edit User'...). */
  title: string;
  onSubmit: () => void;
  children: ReactNode;
}

/**
 * The frame of the admin forms (chest, team, user): a titled form whose submit (Enter in a field)
 * calls `onSubmit`, as the footer's Save does.
 */
export function AdminForm({ title, onSubmit, children }: AdminFormProps) {
  return (
    <form
      className="admin-form"
      aria-label={title}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h1 className="admin__title">{title}</h1>
      {children}
    </form>
  );
}

/** Props of a section of linked items. */
export interface LinkSectionProps<K extends QueryKey> extends AccessLinksProps {
  /** The heading's id (the section is labelled by it). */
  headingId: string;
  heading: string;
  hint?: string;
  /** The Link button's label, also the Link modal's title ('Link Teams'). */
  linkLabel: string;
  /** The Link modal's texts and choices; `exclude` defaults to the linked ids. */
  link: Omit<LinkModalOptions<K>, 'title'>;
  /** Called with the items chosen in the Link modal (not when cancelled). */
  onLink: (chosen: LinkOption[]) => void;
}

/**
 * A section of an admin form: a heading, an optional hint, the linked items (AccessLinks) and a
 * button that opens the Link modal to link more.
 */
export function LinkSection<K extends QueryKey>({
  headingId,
  heading,
  hint,
  linkLabel,
  link,
  onLink,
  ...list
}: LinkSectionProps<K>) {
  const openLink = async () => {
    const chosen = await openLinkModal({
      title: linkLabel,
      ...link,
      exclude: link.exclude ?? list.links.map((item) => item.id),
    });
    if (chosen) onLink(chosen);
  };
  return (
    <section className="admin-form__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-form__heading">
        {heading}
      </h2>
      {hint ? <p className="admin-form__hint">{hint}</p> : null}
      <AccessLinks {...list} />
      <div>
        <button type="button" className="button button--secondary" onClick={() => void openLink()}>
          {linkLabel}
        </button>
      </div>
    </section>
  );
}
