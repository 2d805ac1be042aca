/** Structured-cloneable data a widget attaches to a payment and gets back in the result. */
export type Payload = unknown
