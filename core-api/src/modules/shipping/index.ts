// Paper copies: the buyers' address book (GB/T 2260 divisions, or an international address), the copy of
// an address a research order ships to, and the staff desk's shipping queue, packing slips and the mail
// that tells the buyer their parcel's tracking number.
// Other modules import this file only.

export { default as addressBook } from './address-book.ts'
export type { AddressBook } from './address-book.ts'
export { default as addressRoutes } from './routes/addresses.ts'
export { default as staffShipmentRoutes } from './routes/staff-shipments.ts'
export { default as shipments, shipmentOfOrder } from './shipments.ts'
export type { Shipments } from './shipments.ts'
