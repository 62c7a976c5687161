/** The brand, written `{product}` in the specification. Change it here and nowhere else. */
export const PRODUCT_NAME = 'Kasuwa';
export const SUPPORT_EMAIL = 'support@kasuwa.ng';
