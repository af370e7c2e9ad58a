import type { InvoiceRow } from '@coffer/core';
import { useInvoices } from '../../../../api/billing-queries.js';
import { failureText } from '../../../../components/admin-shell/admin-action.js';
import { AdminTable } from '../../../../components/admin-table/admin-table.js';
import type { AdminColumn } from '../../../../components/admin-table/admin-table-types.js';
import { staticTableList } from '../../../../components/admin-table/table-list.js';
import { useTableSort } from '../../../../components/admin-table/table-sort.js';
import { toInvoiceRow } from '../../../../components/billing/billing-format.js';
import { openInvoicePdf } from '../../../../components/billing/open-invoice-pdf.js';
import { notify } from '../../../../lib/notification-store.js';
import { useSession } from '../../../../session/use-session.js';
import { BackToSummary } from './back-to-summary.js';

/** Texts of the billing history (spec section 8 for the empty list). */
export const HISTORY_TEXT = {
  title: 'Billing History',
  empty: 'You have no invoices',
  pdf: 'Invoice PDF',
  pdfFailed: 'The invoice could not be opened. Please try again.',
} as const;

async function showPdf(row: InvoiceRow) {
  if (!row.invoicePdf) return;
  try {
    await openInvoicePdf(row.invoicePdf, `invoice-${row.id}.pdf`);
  } catch (error) {
    notify({ type: 'error', message: failureText(error, HISTORY_TEXT.pdfFailed) });
  }
}

const COLUMNS: AdminColumn<InvoiceRow>[] = [
  { id: 'date', label: 'Date', width: 25, cell: (row) => row.date },
  { id: 'amount', label: 'Amount', width: 25, cell: (row) => row.amount },
  { id: 'status', label: 'Status', width: 25, cell: (row) => row.status },
  {
    id: 'invoice',
    label: 'Invoice',
    width: 25,
    interactive: true,
    cell: (row) =>
      row.invoicePdf ? (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => void showPdf(row)}
        >
          {HISTORY_TEXT.pdf}
        </button>
      ) : null,
  },
];

/** The billing history (spec section 2): Date, Amount, Status and Invoice; 'You have no invoices' when none. */
export function BillingHistoryView({ onBack }: { onBack: () => void }) {
  const invoices = useInvoices(useSession().isAdministrator);
  const sort = useTableSort();
  return (
    <div className="billing-view">
      <div className="billing-view__head">
        <BackToSummary onBack={onBack} />
        <h3 className="billing-view__title">{HISTORY_TEXT.title}</h3>
      </div>
      <AdminTable
        label={HISTORY_TEXT.title}
        noun="Items"
        emptyText={HISTORY_TEXT.empty}
        columns={COLUMNS}
        list={staticTableList(invoices.data?.data.map(toInvoiceRow), {
          loading: invoices.isPending,
          failed: invoices.isError,
        })}
        sort={sort}
        rowKey={(row) => row.id}
        rowName={(row) => row.date}
      />
    </div>
  );
}
