/**
 * The English messages any signed-in screen may show: the server's errors, the forms' rules, the
 * shell's and the states' badges. The web app loads them with the signed-in shell; each screen's own
 * namespaces come with its code (apps/web/src/messages). Part of the signed-in English
 * (catalogue-en-signed-in.ts).
 */
import { errorsSignedIn } from './locales/en/errors-signed-in.ts';
import { shellSignedIn } from './locales/en/shell-signed-in.ts';
import { states } from './locales/en/states.ts';
import { validationSignedIn } from './locales/en/validation-signed-in.ts';

/** Merged into the first load's namespaces where both have one (errors, validation, shell): i18next merges deep. */
export const enSignedInCommon = {
  states,
  errors: errorsSignedIn,
  validation: validationSignedIn,
  shell: shellSignedIn,
};
