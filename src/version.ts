/** The kit's version, sent in `connect` and `ready`. Kept in step with package.json by a test. */
export const KIT_VERSION = '0.1.0';
