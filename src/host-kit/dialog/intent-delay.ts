/**
 * How long, in ms, a dialog's confirm button ignores activation after the dialog shows, moves,
 * or the page regains visibility or focus; also the least time between one dialog closing and
 * the next one showing. The host's default; `RelaxedDefences.intentDelay` changes it for a test.
 * Apart from the dialog code so that `createHost` can name it without loading the dialogs.
 */
export const INTENT_DELAY = 500
