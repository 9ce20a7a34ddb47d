import { fieldMessages } from '../../shared/schemas/messages.ts'

type Checked = { success: boolean; error?: Parameters<typeof fieldMessages>[0] }

/** The message key of each failing field of a `safeParse` result ({} when it passed). */
export const firstKeys = (result: Checked): Record<string, string> =>
  result.error
    ? Object.fromEntries(Object.entries(fieldMessages(result.error)).map(([field, m]) => [field, m.key]))
    : {}
