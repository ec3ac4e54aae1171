// What other features may use of the invoices feature.
export { OrderInvoiceButton } from './components/order-invoice-button';
export { invoiceKeys } from './api';
