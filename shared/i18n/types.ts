/** Same keys as the English messages, any string values: the Chinese file must satisfy it. */
export type MessagesOf<T> = { [K in keyof T]: T[K] extends string ? string : MessagesOf<T[K]> }
