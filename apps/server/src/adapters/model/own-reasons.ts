/**
 * Failures a model adapter names itself rather than the provider (decisions 131, issue 44): their words are ours, so
 * the key's health shows them as they are, not as "could not be reached" or as a provider's refusal.
 */
/** The base URL is one the server's address rules do not call (decision 131). */
export const ADDRESS_REFUSED = "ADDRESS_REFUSED";
/** The models list answered, but not with a list of models (not a list, or empty). */
export const NO_MODEL_LIST = "NO_MODEL_LIST";
