import type { SecretListFilter, SecretRow } from '../../api/secrets-api.js';
import type { RowMenuItem } from '../../components/lists/row-menu.js';
import { SecretList } from './secret-list.js';

/** Props of the 'Deleted Secrets' section. */
export interface DeletedSecretsSectionProps {
  /** The list's accessible name ('Deleted secrets', 'Deleted secrets in {chest}'). */
  label: string;
  /** The filter of the list above it; the section asks for its deleted secrets. */
  filter: Omit<SecretListFilter, 'deleted'>;
  /** 2 on the dashboard, 3 inside a chest view (below the chest's own heading). */
  headingLevel: 2 | 3;
  selectedId: string | null;
  onOpen: (row: SecretRow) => void;
  menuFor: (row: SecretRow) => RowMenuItem[];
  hideChest?: boolean;
}

/** The secrets marked for deletion (spec: 'Deleted Secrets'), shown with Show all, each badged 'Deleted'. */
export function DeletedSecretsSection({ label, filter, headingLevel, ...list }: DeletedSecretsSectionProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="dashboard__deleted" aria-label="Deleted Secrets">
      <Heading className="dashboard__deleted-title">Deleted Secrets</Heading>
      <SecretList label={label} filter={{ ...filter, deleted: true }} badge="Deleted" {...list} />
    </section>
  );
}
