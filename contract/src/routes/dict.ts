import { DictList, DictListBody } from '../dict.ts'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'

export const dictRoutes = defineRoutes(CALLS.dict, ['Base data'], {
  listData: {
    summary: 'Entries of one dictionary type, in dictionary order',
    // The core API adds the list of known types, which it keeps.
    description: 'The language is chosen by the type (the _en types hold the English labels), not by lang.',
    body: DictListBody,
    data: DictList,
  },
})
