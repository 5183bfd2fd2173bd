import { LangOnlyBody } from '../fields.ts'
import { Address, AddressIdBody, AddressList, SaveAddressBody } from '../addresses.ts'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'

// The buyer's address book, for paper copies (website token).
export const addressRoutes = defineRoutes(CALLS.addresses, ['Addresses'], {
  list: {
    operationId: 'listAddresses',
    summary: "The caller's addresses, last changed first, and how many the book holds at most",
    body: LangOnlyBody,
    auth: 'session',
    data: AddressList,
  },
  save: {
    operationId: 'saveAddress',
    summary: 'Adds an address (without id) or changes one of the caller’s (with its id)',
    description:
      'cn: the district must be in the city, the city in the province (GB/T 2260), the phone a mainland mobile or landline; intl: a country code and a city. ' +
      '100201 a field is wrong (msg names it), 100202 no such address of the caller, 100203 the book is full.',
    body: SaveAddressBody,
    auth: 'session',
    data: Address,
  },
  remove: {
    operationId: 'deleteAddress',
    summary: 'Deletes an address of the caller’s (orders keep the copy they were placed with)',
    body: AddressIdBody,
    auth: 'session',
    data: AddressList,
  },
})
