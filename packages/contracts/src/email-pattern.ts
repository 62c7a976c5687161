/**
 * An e-mail address the server accepts: zod's own e-mail check, named here so the web can apply it
 * without zod. Letters, digits and _'+- in dot-separated parts before the @; a domain of
 * dot-separated labels ending in a top-level domain of two or more letters.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
/** RFC 5321's limit on a whole address. */
export const EMAIL_MAX_LENGTH = 254;
