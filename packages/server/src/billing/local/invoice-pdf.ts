import { formatDateEnGb, formatPence } from '@coffer/core';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { InvoiceRow } from '../../repositories/billing-invoice-repository.js';
import { describeInvoiceLine } from './ledger-shapes.js';

/** What an invoice PDF shows besides the invoice itself. */
export interface InvoicePdfContext {
  organisationName: string;
  customerId: string;
}

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 56;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.42, 0.42, 0.46);

/**
 * Renders an invoice as a one-page PDF (pdf-lib, standard Helvetica): the organisation, the
 * invoice number and date, the billing period, the line (quantity × unit price), the discount,
 * the total in pounds and the status.
 */
export async function renderInvoicePdf(invoice: InvoiceRow, context: InvoicePdfContext): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(`Coffer invoice ${invoice.id}`);
  document.setProducer('Coffer');
  document.setCreationDate(new Date(invoice.created_at));
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const page = document.addPage([PAGE.width, PAGE.height]);
  const writer = new PageWriter(page, regular, bold);

  writer.line('Coffer', { size: 22, bold: true });
  writer.line('Invoice', { size: 14, color: MUTED });
  writer.gap(18);
  writer.pair('Billed to', context.organisationName);
  writer.pair('Customer', context.customerId);
  writer.pair('Invoice number', invoice.id);
  writer.pair('Date', formatDateEnGb(invoice.created_at));
  if (invoice.period_start && invoice.period_end) {
    writer.pair('Period', `${formatDateEnGb(invoice.period_start)} to ${formatDateEnGb(invoice.period_end)}`);
  }
  writer.pair('Status', invoice.status);
  writer.gap(24);
  writer.line(describeInvoiceLine(invoice), { bold: true });
  writer.pair(
    `${invoice.quantity} × ${formatPence(invoice.unit_amount)} per user per month`,
    formatPence(invoice.subtotal),
  );
  if (invoice.discount > 0) {
    writer.pair(
      `Discount${invoice.coupon_code ? ` (${invoice.coupon_code})` : ''}`,
      `-${formatPence(invoice.discount)}`,
    );
  }
  writer.gap(8);
  writer.pair('Total', formatPence(invoice.total), { bold: true, size: 14 });
  if (invoice.paid_at) writer.pair('Paid on', formatDateEnGb(invoice.paid_at));
  return document.save();
}

interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: ReturnType<typeof rgb>;
}

/** Writes lines down the page; text the standard fonts cannot encode is shown as '?'. */
class PageWriter {
  private y = PAGE.height - MARGIN;
  private readonly encodable: Set<number>;

  constructor(
    private readonly page: PDFPage,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.encodable = new Set(regular.getCharacterSet());
  }

  line(text: string, style: TextStyle = {}): void {
    const size = style.size ?? 11;
    this.page.drawText(this.printable(text), {
      x: MARGIN,
      y: this.y - size,
      size,
      font: style.bold ? this.bold : this.regular,
      color: style.color ?? INK,
    });
    this.y -= size + 8;
  }

  /** A label on the left and its value on the right edge. */
  pair(label: string, value: string, style: TextStyle = {}): void {
    const size = style.size ?? 11;
    const font = style.bold ? this.bold : this.regular;
    const shown = this.printable(value);
    this.page.drawText(this.printable(label), { x: MARGIN, y: this.y - size, size, font, color: MUTED });
    const width = font.widthOfTextAtSize(shown, size);
    this.page.drawText(shown, { x: PAGE.width - MARGIN - width, y: this.y - size, size, font, color: INK });
    this.y -= size + 8;
  }

  gap(points: number): void {
    this.y -= points;
  }

  // An organisation may be named in any script; the PDF standard fonts cover only WinAnsi.
  private printable(text: string): string {
    return Array.from(text.slice(0, 200), (char) =>
      this.encodable.has(char.codePointAt(0) ?? 0) ? char : '?',
    ).join('');
  }
}
