/**
 * The element a prerendered page (login.html, app/first-paint.tsx) paints before any script: the
 * app shows no loading spinner while it is there, and removes it when it draws its first screen
 * (app/use-replace-first-paint.ts). Free of imports: app/boot.ts reads it first of all.
 */
export const FIRST_PAINT_ID = 'first-paint';
